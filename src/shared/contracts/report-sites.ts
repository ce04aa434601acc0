// Each wall's history: reports at the same three words or within 25 m are one site. 'It's back' (anyone,
// with a photo, by the same location rules as a report) makes a new report of a cleaned site; the
// administrators see a site's history on its reports' cards, and the sites most often tagged again.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { createdReportSchema, createReportFieldsSchema, reportIdParamsSchema } from './reports.ts';

export const siteHistorySchema = z.object({
  reports: z.number().int(),
  taggedAgain: z.number().int(),
  firstReportedAt: z.iso.datetime(),
  lastCleanedAt: z.iso.datetime().nullable(),
});

export const retaggedSiteSchema = z.object({
  /** The site's newest report, whose card and words stand for the site. */
  reportId: z.number().int(),
  what3words: z.string(),
  reports: z.number().int(),
  taggedAgain: z.number().int(),
  lastReportedAt: z.iso.datetime(),
  lastCleanedAt: z.iso.datetime().nullable(),
});
export type RetaggedSite = z.infer<typeof retaggedSiteSchema>;

export const retaggedSitesSchema = z.object({ sites: z.array(retaggedSiteSchema) });

const routes = apiRoutes.reportSites;

export const reportSiteEndpoints = {
  /**
   * Multipart, as a new report: the words (and the device's position), and the `photo` or the
   * reference of one sent ahead. Answers the new report with its own status link.
   */
  itsBack: endpoint(routes.itsBack, {
    params: reportIdParamsSchema,
    form: { fields: createReportFieldsSchema, files: { photo: { max: 1 } } },
    response: createdReportSchema,
    status: 201,
    alsoStatus: 200,
  }),
  history: endpoint(routes.history, { params: reportIdParamsSchema, response: siteHistorySchema }),
  mostRetagged: endpoint(routes.mostRetagged, { response: retaggedSitesSchema }),
};

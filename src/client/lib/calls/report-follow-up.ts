import { reportFollowUpRoutes } from '#shared/contracts/routes/report-follow-up.ts';
import { callsFor } from '../api.ts';

export const reportFollowUpApi = /* @__PURE__ */ callsFor<'reportFollowUp'>(reportFollowUpRoutes);

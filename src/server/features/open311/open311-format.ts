// GeoReport v2's two formats of one answer: XML (required; UTF-8, declared, elements in the
// specification's order, built by fast-xml-parser) and JSON (the Spark convention: the XML's lists
// become arrays, an empty element null).
import { XMLBuilder } from 'fast-xml-parser';
import type { Open311Format } from '#shared/contracts/open311.ts';
import type { GeoReportRequest, GeoReportService, Open311Service } from './open311.service.ts';

export const contentTypes: Record<Open311Format, string> = {
  xml: 'text/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Each answer: its XML root, the list element inside it (if any), and what goes in JSON. */
export type Open311Answer =
  | { kind: 'services'; items: GeoReportService[] }
  | { kind: 'service_requests'; items: GeoReportRequest[] }
  | { kind: 'created'; items: { service_request_id: number; service_notice: string; account_id: null }[] }
  | { kind: 'errors'; items: { code: number; description: string }[] }
  | { kind: 'discovery'; document: ReturnType<Open311Service['discovery']> }
  | { kind: 'service_definition'; definition: { service_code: string; attributes: never[] } };

const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: false, ignoreAttributes: false });
const declaration = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' } };

/** An element's value as XML text: an empty element for nothing. */
const xmlValues = <T extends object>(item: T) =>
  Object.fromEntries(Object.entries(item).map(([name, value]) => [name, value ?? '']));

function xmlOf(answer: Open311Answer): string {
  switch (answer.kind) {
    case 'services':
      return builder.build({ ...declaration, services: { service: answer.items.map(xmlValues) } });
    case 'service_requests':
    case 'created':
      return builder.build({ ...declaration, service_requests: { request: answer.items.map(xmlValues) } });
    case 'errors':
      return builder.build({ ...declaration, errors: { error: answer.items.map(xmlValues) } });
    case 'discovery': {
      const { endpoints, ...fields } = answer.document;
      const endpoint = endpoints.map(({ formats, ...rest }) => ({ ...rest, formats: { format: formats } }));
      return builder.build({ ...declaration, discovery: { ...fields, endpoints: { endpoint } } });
    }
    case 'service_definition':
      return builder.build({
        ...declaration,
        service_definition: { service_code: answer.definition.service_code, attributes: '' },
      });
  }
}

function jsonOf(answer: Open311Answer): unknown {
  switch (answer.kind) {
    case 'services':
    case 'service_requests':
    case 'created':
    case 'errors':
      return answer.items;
    case 'discovery':
      return answer.document;
    case 'service_definition':
      return answer.definition;
  }
}

/** The answer's text in the format asked for. */
export function render(answer: Open311Answer, format: Open311Format): string {
  return format === 'xml' ? xmlOf(answer) : JSON.stringify(jsonOf(answer));
}

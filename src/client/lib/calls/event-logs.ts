import { eventLogsRoutes } from '#shared/contracts/routes/event-logs.ts';
import { callsFor } from '../api.ts';

export const eventLogsApi = /* @__PURE__ */ callsFor<'eventLogs'>(eventLogsRoutes);

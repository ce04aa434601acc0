import { volunteerDashboardRoutes } from '#shared/contracts/routes/volunteer-dashboard.ts';
import { callsFor } from '../api.ts';

export const volunteerDashboardApi = /* @__PURE__ */ callsFor<'volunteerDashboard'>(volunteerDashboardRoutes);

// Background work as features see it: the durable outbox they queue jobs on (in their own
// transaction), the shape of a job handler, and the periodic jobs they export for buildApp's list.
export { payloadOf, PermanentJobError, type JobHandler, type JobOutcome, type OutboxJobs } from './outbox-worker.ts';
export { dropJobsNaming, enqueueJob, type ClaimedJob } from './outbox.repository.ts';
export type { PeriodicJob } from './scheduler.ts';

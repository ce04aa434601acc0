// The alerts feature as other features see it: the outbox they enqueue background jobs on, and the
// shape of a job handler the outbox worker runs, and erasure's drop of the jobs naming a volunteer.
export type { MoreJobs } from './create-alerts.ts';
export { payloadOf, type JobHandler, type JobOutcome } from './outbox-worker.ts';
export { dropJobsNaming, enqueueJob, type ClaimedJob } from './outbox.repository.ts';

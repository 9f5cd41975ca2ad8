/* The admin jobs' public face: the jobs registry, a job's progress, and the phase names shown while it runs. */
export { AdminJobs, type Progress, stage } from './jobs.ts';
export { PHASES, recomputeProgress } from './phases.ts';

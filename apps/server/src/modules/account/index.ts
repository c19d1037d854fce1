/** Deleting a person and everything of theirs: the candidate's own deletion and an administrator's. */
export { deleteCandidate } from './service';

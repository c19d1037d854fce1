/**
 * The audit log (decision 046): coach views and administrators' changes, one table, one reader.
 * Other modules write to it inside the transaction of what they record.
 */
export {
  candidateThemselves,
  changeOf,
  forgetPerson,
  recordChange,
  recordChanges,
  recordView,
  type Actor,
  type AuditChange,
  type AuditRecord,
} from './service';

/** Credits, as other modules use them: the policy, the start check, the charge, a candidate's state. */
export {
  assertCanStart,
  creditCharge,
  creditPolicy,
  creditState,
  type CreditPolicy,
} from './service';

/**
 * Cohorts (decision 046): what other modules use of them. Whose data a coach may read (the scope
 * every staff route narrows its reads by), and the e-mail-domain joining at sign-up.
 */
export { candidateInScope, candidatesIn, cohortsIn, scopeOf, type Scope } from './scope';
export { joinByDomain, type NewAccount } from './domain';

/**
 * Practise next as a drill (issue 30, decision 045): the weakest skills of the candidate's recent
 * attempts as a ten-minute set of retries and new questions. Nothing of it is used by other modules.
 */
export {};

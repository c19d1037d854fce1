/**
 * Answers as candidates give them, for the turn-taking tests: a 200-word STAR answer spoken
 * sentence by sentence (the kind the specification's filter used to drop, decision 013).
 */
export const LONG_ANSWER = [
  'In my last role I was the backend lead on a team of five engineers.',
  'Our checkout service timed out for about one in twenty customers during the evening peak.',
  'My task was to find the cause and fix it before the holiday sale.',
  'First I added tracing so we could see where the time went in each request.',
  'The traces showed that most of the time went to the database, because every checkout read the same product rows.',
  'So I put a cache in front of the database for the product rows, and made it expire after five minutes.',
  'Then I load tested the service with the traffic of the evening peak and found one more slow query.',
  'I added an index for that query and ran the load test again.',
  'The time outs went from one in twenty to fewer than one in a thousand.',
  'The holiday sale ran without an incident, and the team now adds tracing to every new service.',
  'Looking back, I would have added the tracing much earlier, because it turned a week of guessing into an afternoon of reading.',
  'It also taught me to measure before I change anything, which is how I start every performance problem now.',
  'That is the approach I would take again, with the same order of steps and the same care about correct prices.',
];

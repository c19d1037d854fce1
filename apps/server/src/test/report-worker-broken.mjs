// A report worker that cannot start (its evaluator fails to load), for the pool's tests.
throw new Error('cannot load the evaluator');

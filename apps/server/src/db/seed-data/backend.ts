import type { SeedCategory } from './types';

export const backend: SeedCategory = {
  name: 'Backend',
  icon: '⚙️',
  description: 'APIs, databases, Node.js and the server-side skills behind reliable services.',
  sets: [
    {
      title: 'REST API Design',
      description:
        'Resource modelling, HTTP semantics, versioning, pagination and securing an API.',
      type: 'fixed',
      difficulty: 'mid',
      duration: 40,
      showHome: true,
      topics: ['REST', 'HTTP', 'API Design', 'Authentication', 'Pagination'],
      questions: [
        {
          questionText:
            'What makes an API RESTful? Describe how you would design the endpoints for a blog with posts and comments.',
          expectedAnswer:
            'REST models the domain as resources identified by URLs and manipulated with standard HTTP methods, with stateless requests and representations such as JSON. For a blog: GET /posts and POST /posts for the collection, GET, PUT or PATCH and DELETE on /posts/{id}, and comments nested as /posts/{id}/comments. Nouns rather than verbs in paths, correct status codes (201 with a Location header on create, 404, 409), filtering and pagination with query parameters, and consistent error bodies.',
          kind: 'technical',
          keyPoints: [
            'REST models the domain as resources identified by URLs',
            'Resources are manipulated with standard HTTP methods',
            'Requests are stateless',
            'GET and POST on /posts, and GET, PUT or PATCH and DELETE on /posts/{id}',
            'Comments are nested as /posts/{id}/comments',
            'Paths use nouns rather than verbs',
            'Correct status codes, such as 201 with a Location header on create',
            'Filtering and pagination use query parameters',
          ],
          difficulty: 'medium',
          timeLimit: 360,
        },
        {
          questionText:
            'Explain the difference between PUT, PATCH and POST, and what idempotency means.',
          expectedAnswer:
            'POST creates a resource or triggers processing and is not idempotent: repeating it can create duplicates. PUT replaces the whole resource at a known URL and is idempotent: sending it twice leaves the same state. PATCH applies a partial update and is not necessarily idempotent. GET, PUT and DELETE are idempotent, GET is also safe. Idempotency matters for retries after timeouts; for POST, clients can send an idempotency key so the server stores the result once.',
          kind: 'technical',
          keyPoints: [
            'POST creates a resource and is not idempotent',
            'PUT replaces the whole resource and is idempotent',
            'PATCH applies a partial update and is not necessarily idempotent',
            'Idempotent means repeating the request leaves the same state as sending it once',
            'GET, PUT and DELETE are idempotent, and GET is also safe',
            'An idempotency key makes POST safe to retry',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText:
            'Which HTTP status codes would you return for validation errors, missing authentication, missing permission, not found and conflicts?',
          expectedAnswer:
            '400 Bad Request (or 422) for validation errors, with a body naming the invalid fields; 401 Unauthorized when the caller is not authenticated; 403 Forbidden when authenticated but not allowed; 404 Not Found for a missing resource, sometimes also used to hide resources the caller may not know about; 409 Conflict for a state conflict such as a duplicate unique value or a version mismatch; 429 for rate limiting; 5xx only for server faults, without leaking internals.',
          kind: 'technical',
          keyPoints: [
            '400 Bad Request (or 422) for validation errors, naming the invalid fields',
            '401 Unauthorized when the caller is not authenticated',
            '403 Forbidden when authenticated but not allowed',
            '404 Not Found when the resource is missing',
            '409 Conflict for a duplicate or a version mismatch',
            '429 for rate limiting, and 5xx only for server faults',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText:
            'How would you paginate a large, frequently changing collection? Compare offset and cursor pagination.',
          expectedAnswer:
            'Offset pagination uses limit and offset or page numbers: simple and allows jumping to a page, but slow for deep pages because the database still scans skipped rows, and inconsistent when rows are inserted or deleted between requests. Cursor or keyset pagination returns an opaque cursor based on a stable sort key such as created_at plus id and asks for rows after it: fast with an index and stable under inserts, but no random page access. Always sort deterministically and cap the page size.',
          kind: 'technical',
          keyPoints: [
            'Offset pagination uses limit and offset or page numbers and can jump to any page',
            'Deep offsets are slow because the database still scans the skipped rows',
            'Offsets show duplicates or skip rows when data changes between requests',
            'Cursor pagination asks for rows after a stable sort key such as created_at plus id',
            'Cursors are fast with an index and stable under inserts, but cannot jump to a page',
            'Sort deterministically and cap the page size',
          ],
          difficulty: 'medium',
          timeLimit: 360,
        },
        {
          questionText:
            'How do you secure an API that is used by a single-page web app and by mobile clients?',
          expectedAnswer:
            'Use HTTPS everywhere. For the browser, prefer httpOnly, Secure, SameSite cookies holding a session so tokens are not readable by scripts, with CSRF protection for state-changing requests; for mobile, short-lived access tokens with refresh tokens, for example via OAuth 2 and OIDC with PKCE. Authorise every request on the server by role and ownership, validate all input, rate limit authentication endpoints, set security headers and a Content-Security-Policy, hash passwords with a slow algorithm such as argon2 or bcrypt, and log security events without secrets.',
          kind: 'technical',
          keyPoints: [
            'Use HTTPS everywhere',
            'The browser uses httpOnly, Secure, SameSite session cookies',
            'CSRF protection for state-changing requests',
            'Mobile clients use short-lived access tokens with refresh tokens, via OAuth 2 and OIDC with PKCE',
            'Authorise every request on the server by role and ownership',
            'Validate all input and rate limit authentication endpoints',
            'Hash passwords with a slow algorithm such as argon2 or bcrypt',
          ],
          difficulty: 'hard',
          timeLimit: 480,
        },
        {
          questionText:
            'How would you version an API and evolve it without breaking existing clients?',
          expectedAnswer:
            'Prefer additive, backward-compatible changes: add optional fields and new endpoints, never remove or change the meaning of existing fields, and make clients tolerant of unknown fields. When a breaking change is unavoidable, introduce a new version through the URL path such as /v2 or a header, run both versions in parallel, document a deprecation timeline, signal it with Deprecation and Sunset headers, monitor usage of the old version and remove it only when traffic is gone. Contract tests and an OpenAPI document help catch accidental breaks.',
          kind: 'technical',
          keyPoints: [
            'Prefer additive, backward-compatible changes such as optional fields and new endpoints',
            'Never remove or change the meaning of existing fields',
            'Clients tolerate unknown fields',
            'A breaking change gets a new version in the URL path such as /v2 or a header',
            'Run both versions in parallel with a deprecation timeline',
            'Monitor usage of the old version and remove it when traffic is gone',
          ],
          difficulty: 'medium',
          timeLimit: 360,
        },
      ],
    },
    {
      title: 'Databases & SQL',
      description:
        'Relational modelling, joins, indexes and transactions for engineers early in their career.',
      type: 'fixed',
      difficulty: 'junior',
      duration: 30,
      topics: ['SQL', 'PostgreSQL', 'Indexes', 'Transactions', 'Data Modelling'],
      questions: [
        {
          questionText:
            'Explain the difference between an INNER JOIN and a LEFT JOIN with an example.',
          expectedAnswer:
            'An INNER JOIN returns only rows that have a match in both tables. A LEFT JOIN returns every row of the left table and the matching rows of the right table, with NULLs where there is no match. For example, customers LEFT JOIN orders lists every customer including those without orders, while an INNER JOIN would list only customers who ordered. Filtering the right table in the WHERE clause turns a left join back into an inner join; put such conditions in the ON clause instead.',
          kind: 'technical',
          keyPoints: [
            'An INNER JOIN returns only rows with a match in both tables',
            'A LEFT JOIN returns every row of the left table',
            'A LEFT JOIN fills NULLs where the right table has no match',
            'customers LEFT JOIN orders lists customers without orders too',
            'A WHERE condition on the right table turns a left join into an inner join; put it in the ON clause',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText:
            'What is a database index, how does it speed up queries, and what does it cost?',
          expectedAnswer:
            'An index is a separate data structure, usually a B-tree, that keeps column values sorted with pointers to rows, so the database can find matching rows in logarithmic time instead of scanning the whole table. It helps WHERE filters, joins and ORDER BY on the indexed columns; composite indexes help when the query uses their leading columns. The costs are extra storage and slower inserts, updates and deletes because every index must be maintained, so you index for real query patterns and check plans with EXPLAIN.',
          kind: 'technical',
          keyPoints: [
            'An index is a separate data structure, usually a B-tree',
            'An index keeps column values sorted with pointers to the rows',
            'The database finds rows in logarithmic time instead of scanning the table',
            'Indexes help WHERE filters, joins and ORDER BY',
            'A composite index helps queries that use its leading columns',
            'Indexes cost storage and slow down inserts, updates and deletes',
            'Check query plans with EXPLAIN',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText: 'What are ACID transactions? Give an example of when you need one.',
          expectedAnswer:
            "ACID stands for atomicity (all statements of a transaction succeed or none do), consistency (constraints hold before and after), isolation (concurrent transactions do not see each other's partial work, depending on the isolation level) and durability (committed data survives a crash). A money transfer that debits one account and credits another must be one transaction so money is never lost or created if something fails in between. Creating an order with its line items is another example.",
          kind: 'technical',
          keyPoints: [
            'Atomicity: all statements succeed or none do',
            'Consistency: constraints hold before and after',
            "Isolation: concurrent transactions do not see each other's partial work",
            'Durability: committed data survives a crash',
            'A money transfer that debits one account and credits another needs a transaction',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText: 'What is normalisation, and when might you deliberately denormalise?',
          expectedAnswer:
            'Normalisation organises data so each fact is stored once, splitting tables to remove duplication and update anomalies: first normal form has atomic columns, second and third remove partial and transitive dependencies on the key. It keeps data consistent. Denormalisation deliberately duplicates data, for example storing a computed total or copying a name into a history record, to make frequent reads faster or to keep a snapshot, at the cost of keeping copies in sync.',
          kind: 'technical',
          keyPoints: [
            'Normalisation stores each fact once',
            'Splitting tables removes duplication and update anomalies',
            'Normal forms: atomic columns, no partial or transitive dependencies on the key',
            'Denormalisation deliberately duplicates data to make frequent reads faster',
            'Denormalised copies must be kept in sync',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText: 'What is SQL injection and how do you prevent it?',
          expectedAnswer:
            'SQL injection happens when user input is concatenated into a SQL string so the input can change the query, for example closing a quote and adding OR 1=1 or a DROP statement. Prevent it with parameterised queries or prepared statements, where values are sent separately from the SQL text, or with an ORM or query builder that does this. Also validate input, use least-privilege database accounts and never build identifiers from raw input without an allow-list.',
          kind: 'technical',
          keyPoints: [
            'User input concatenated into a SQL string can change the query',
            'An attacker closes a quote and adds OR 1=1 or a DROP statement',
            'Use parameterised queries or prepared statements',
            'An ORM or query builder sends values separately from the SQL',
            'Use least-privilege database accounts',
            'Check identifiers against an allow-list',
          ],
          difficulty: 'easy',
          timeLimit: 180,
        },
        {
          questionText:
            'Write, in words, a query that finds the five customers who spent the most last month.',
          expectedAnswer:
            'Join customers to orders, filter orders whose created date is within last month (greater than or equal to the first day of last month and less than the first day of this month), group by the customer id and name, sum the order totals as total spent, order by that sum descending and limit to five. Using a half-open date range keeps the filter index-friendly, and an index on orders by created date and customer id helps.',
          kind: 'technical',
          keyPoints: [
            'Join customers to orders',
            'Filter orders created last month with a half-open date range',
            'Group by the customer',
            'Sum the order totals',
            'Order by the total descending and limit to five',
            'An index on the order date and customer id helps',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
      ],
    },
    {
      title: 'Node.js Internals',
      description:
        'A discussion of the Node.js runtime, concurrency, streams and running Node in production.',
      type: 'topic-based',
      difficulty: 'senior',
      duration: 45,
      topics: ['Node.js', 'Event Loop', 'Streams', 'Worker Threads', 'Observability'],
      aiPrompt:
        'You are interviewing a senior backend engineer about Node.js. Explore the event loop phases and libuv thread pool, back-pressure with streams, CPU-bound work and worker threads, memory leaks and how to diagnose them, graceful shutdown and observability in production.',
    },
  ],
};

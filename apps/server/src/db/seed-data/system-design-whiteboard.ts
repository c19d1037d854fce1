import type { SeedSet } from './types';

/**
 * The whiteboard round (issue 29): three problems designed on the board while talking, from a
 * junior's URL shortener to a senior's distributed rate limiter. Each spec is the yardstick the
 * interviewer probes with and the report scores against; the candidate sees only the prompt.
 */

const CLIENT = {
  name: 'Client',
  synonyms: ['browser', 'user', 'mobile app', 'web app', 'app client'],
};
const LOAD_BALANCER = {
  name: 'Load balancer',
  synonyms: ['LB', 'nginx', 'haproxy', 'ELB', 'ALB', 'reverse proxy', 'API gateway'],
};
const APP = {
  name: 'App server',
  synonyms: ['application server', 'app', 'API', 'service', 'backend', 'web server', 'server'],
};
const CACHE = { name: 'Cache', synonyms: ['redis', 'memcached', 'in-memory cache'] };

export const systemDesignWhiteboard: SeedSet = {
  title: 'System Design: Foundations',
  description:
    'Three design problems on a whiteboard, from junior to senior: draw the components, connect them and talk through the requirements, the numbers and the trade-offs.',
  type: 'fixed',
  difficulty: 'mid',
  duration: 75,
  topics: ['System Design', 'Caching', 'Databases', 'Scalability'],
  questions: [
    {
      questionText:
        'Design a URL shortener like bit.ly. Use the whiteboard to draw the main components and how a request flows through them.',
      expectedAnswer:
        'Start by asking for the requirements: create a short link for a long URL, redirect a short link to its URL, optionally expiry and click counts; redirects must be fast and highly available, and reads far outnumber writes. Estimate: 100 million new links a month is about 40 writes a second, and at 100 reads per write about 4,000 redirects a second. Clients go through a load balancer to stateless app servers; short codes are base62 encodings of ids from a counter; the mapping lives in a key-value or relational database indexed by code, with a cache in front for hot links. Discuss SQL vs NoSQL and 301 vs 302 redirects.',
      kind: 'system-design',
      keyPoints: [
        'Ask for the requirements: shorten, redirect, expiry; reads far outnumber writes',
        'Estimate writes and reads per second from the monthly volume',
        'Stateless app servers behind a load balancer',
        'Short codes from a base62 encoding of a unique id',
        'Store code-to-URL mappings in a database indexed by code',
        'Cache hot links in front of the database',
      ],
      difficulty: 'easy',
      timeLimit: 900,
      systemDesign: {
        functionalRequirements: [
          'Create a short link for a long URL',
          'Redirect a short link to its long URL',
          'Links may expire',
        ],
        nonFunctionalRequirements: [
          'Redirects are fast (low latency)',
          'Highly available',
          'Short codes are not guessable in sequence',
        ],
        buildingBlocks: [
          CLIENT,
          LOAD_BALANCER,
          APP,
          CACHE,
          {
            name: 'Database',
            synonyms: [
              'DB',
              'postgres',
              'postgresql',
              'mysql',
              'key-value store',
              'dynamodb',
              'cassandra',
              'store',
              'storage',
            ],
          },
          {
            name: 'ID generator',
            synonyms: ['counter', 'key generation service', 'KGS', 'base62', 'hash', 'snowflake'],
          },
        ],
        flows: [['Client', 'Load balancer', 'App server', 'Cache', 'Database']],
        tradeOffs: ['SQL vs NoSQL', '301 vs 302', 'hash vs counter'],
        scaleFigures: [
          '100 million new links a month (about 40 writes a second)',
          '100 redirects for every link created',
          'Links kept for 5 years',
        ],
      },
    },
    {
      questionText:
        'Design a chat service where people send one-to-one and group messages in real time. Draw it on the whiteboard as you go.',
      expectedAnswer:
        "Clarify the requirements: one-to-one and group messages delivered in real time, message history, online presence and delivery receipts; low latency, messages never lost, ordered within a conversation. Estimate 50 million daily users sending 40 messages a day, about 20,000 messages a second at peak. Clients hold WebSocket connections to chat servers behind a load balancer; a message goes through a queue to the recipients' chat servers, is stored in a write-heavy store such as Cassandra partitioned by conversation, and offline users get push notifications. Discuss push vs pull, consistency vs availability and fan-out on write vs read for large groups.",
      kind: 'system-design',
      keyPoints: [
        'Ask for the requirements: one-to-one and group chat, history, presence, receipts',
        'Estimate messages per second from daily users',
        'Persistent WebSocket connections to chat servers',
        'A queue between chat servers delivers messages',
        'Store messages partitioned by conversation',
        'Push notifications for offline users',
      ],
      difficulty: 'medium',
      timeLimit: 1200,
      systemDesign: {
        functionalRequirements: [
          'One-to-one messages',
          'Group messages',
          'Message history',
          'Online presence',
          'Delivery receipts',
        ],
        nonFunctionalRequirements: [
          'Real-time delivery (low latency)',
          'Messages are never lost',
          'Messages are ordered within a conversation',
        ],
        buildingBlocks: [
          CLIENT,
          LOAD_BALANCER,
          {
            name: 'Chat server',
            synonyms: [
              'websocket server',
              'websocket',
              'gateway',
              'connection server',
              'app server',
              'service',
              'server',
            ],
          },
          {
            name: 'Message queue',
            synonyms: [
              'queue',
              'kafka',
              'pub/sub',
              'pubsub',
              'rabbitmq',
              'message broker',
              'broker',
            ],
          },
          {
            name: 'Message store',
            synonyms: ['database', 'DB', 'cassandra', 'hbase', 'storage', 'store'],
          },
          { name: 'Presence service', synonyms: ['presence', 'heartbeat'] },
          {
            name: 'Push notifications',
            synonyms: ['notification service', 'push', 'APNs', 'FCM', 'notifications'],
          },
        ],
        flows: [
          ['Client', 'Load balancer', 'Chat server', 'Message queue', 'Message store'],
          ['Message queue', 'Push notifications'],
        ],
        tradeOffs: [
          'push vs pull',
          'consistency vs availability',
          'fan-out on write vs fan-out on read',
        ],
        scaleFigures: [
          '50 million daily users',
          '40 messages per user a day',
          'Groups of up to 500 members',
        ],
      },
    },
    {
      questionText:
        'Design a distributed rate limiter that protects an API used by many clients across many servers. Sketch where it sits and how it decides.',
      expectedAnswer:
        'Ask for the requirements: limit requests per client or API key per time window, answer quickly with a 429 and a retry-after, and keep limits correct across many API servers; the limiter must add little latency and must not take the API down when it fails. Estimate a million requests a second across 100 servers. It sits in the API gateway or as middleware; counters live in a shared store such as Redis with atomic increments or a Lua script, using a token bucket or sliding window counter; rules come from a configuration store. Discuss accuracy vs latency, fail open vs fail closed, token bucket vs sliding window, and local vs central counters.',
      kind: 'system-design',
      keyPoints: [
        'Ask for the requirements: per-client limits, 429 with retry-after, correct across servers',
        'Estimate requests per second across the fleet',
        'The limiter sits in the API gateway or as middleware',
        'Counters in a shared store with atomic operations',
        'Token bucket or sliding window algorithm',
        'Decide fail open or fail closed when the store is down',
      ],
      difficulty: 'hard',
      timeLimit: 1800,
      systemDesign: {
        functionalRequirements: [
          'Limit requests per client or API key in a time window',
          'Refuse with 429 and a retry-after',
          'Limits are configurable per endpoint',
        ],
        nonFunctionalRequirements: [
          'Adds little latency',
          'Limits hold across many servers',
          'The API keeps working when the limiter fails',
        ],
        buildingBlocks: [
          CLIENT,
          {
            name: 'API gateway',
            synonyms: [
              'gateway',
              'load balancer',
              'LB',
              'middleware',
              'rate limiter',
              'limiter',
              'proxy',
              'nginx',
            ],
          },
          APP,
          {
            name: 'Counter store',
            synonyms: ['redis', 'cache', 'shared store', 'memcached', 'counters', 'store'],
          },
          {
            name: 'Rules store',
            synonyms: ['rules', 'configuration', 'config', 'config store', 'rules database'],
          },
        ],
        flows: [
          ['Client', 'API gateway', 'App server'],
          ['API gateway', 'Counter store'],
        ],
        tradeOffs: [
          'accuracy vs latency',
          'fail open vs fail closed',
          'token bucket vs sliding window',
          'local vs central counters',
        ],
        scaleFigures: ['1 million requests a second', '100 API servers', '10 million API keys'],
      },
    },
  ],
};

import { systemDesignWhiteboard } from './system-design-whiteboard';
import type { SeedCategory } from './types';

export const systemDesign: SeedCategory = {
  name: 'System Design',
  icon: '🏗️',
  description:
    'Designing scalable, reliable systems: caching, data storage, queues and trade-offs.',
  sets: [
    {
      title: 'System Design Foundations',
      description: 'The building blocks behind every design interview, asked one at a time.',
      type: 'fixed',
      difficulty: 'mid',
      duration: 45,
      topics: ['Scalability', 'Caching', 'Load Balancing', 'Databases', 'Message Queues'],
      questions: [
        {
          questionText:
            'How would you design a URL shortener like bit.ly? Walk me through the main components.',
          expectedAnswer:
            'Clarify requirements first: create short links, redirect quickly, maybe analytics and expiry; reads far outnumber writes. Generate short codes with a base62 encoding of a unique id from a counter or key-generation service, or a hash with collision checks. Store code to URL mappings in a key-value store or a relational table indexed by code. Serve redirects with a 301 or 302 through stateless app servers behind a load balancer, with a cache such as Redis in front of the database for hot links. Record click analytics asynchronously through a queue. Discuss scale estimates, replication and rate limiting against abuse.',
          kind: 'technical',
          keyPoints: [
            'Clarify requirements: reads far outnumber writes',
            'Generate short codes with base62 encoding of a unique id, or a hash with collision checks',
            'Store code-to-URL mappings in a key-value store or a table indexed by code',
            'Redirect with a 301 or 302 from stateless servers behind a load balancer',
            'Cache hot links in Redis in front of the database',
            'Record click analytics asynchronously through a queue',
            'Rate limit against abuse',
          ],
          difficulty: 'medium',
          timeLimit: 600,
        },
        {
          questionText:
            'Where would you add caching in a web application, and how do you keep caches correct?',
          expectedAnswer:
            "Caches can sit in the browser and CDN for static assets and public responses, in the application as an in-process or shared cache such as Redis for expensive reads, and in the database's own buffers. Patterns include cache-aside, read-through and write-through. Correctness comes from choosing TTLs, invalidating or updating entries on writes, versioned keys, and accepting bounded staleness where the product allows it. Watch for cache stampedes (use locks or request coalescing) and measure the hit rate.",
          kind: 'technical',
          keyPoints: [
            'Cache static assets and public responses in the browser and a CDN',
            'Cache expensive reads in the application or a shared cache such as Redis',
            'Patterns: cache-aside, read-through and write-through',
            'Set TTLs and invalidate or update entries on writes',
            'Version cache keys',
            'Prevent cache stampedes with locks or request coalescing',
            'Measure the hit rate',
          ],
          difficulty: 'medium',
          timeLimit: 420,
        },
        {
          questionText:
            'Explain horizontal versus vertical scaling, and what has to change in an application to scale horizontally.',
          expectedAnswer:
            'Vertical scaling means a bigger machine: simple but limited and a single point of failure. Horizontal scaling adds more machines behind a load balancer. To scale horizontally the application servers must be stateless: sessions and state move to a shared store or database, uploads to object storage, scheduled jobs must run once, and caches become shared. The database usually becomes the bottleneck next, addressed with read replicas, caching, partitioning or sharding.',
          kind: 'technical',
          keyPoints: [
            'Vertical scaling means a bigger machine: simple but limited',
            'A single big machine is a single point of failure',
            'Horizontal scaling adds machines behind a load balancer',
            'Application servers must be stateless: sessions move to a shared store',
            'Uploads go to object storage and scheduled jobs run once',
            'The database becomes the bottleneck: read replicas, caching, sharding',
          ],
          difficulty: 'easy',
          timeLimit: 300,
        },
        {
          questionText: 'When would you use a message queue, and what problems does it introduce?',
          expectedAnswer:
            'A queue such as RabbitMQ, SQS or Kafka decouples producers from consumers: it absorbs bursts, lets slow work happen asynchronously (e-mails, image processing), and lets services fail independently with retries. It introduces new concerns: at-least-once delivery means consumers must be idempotent, ordering may not be guaranteed, poison messages need a dead-letter queue, and you must monitor queue depth and consumer lag. End-to-end latency and debugging also become harder.',
          kind: 'technical',
          keyPoints: [
            'A queue decouples producers from consumers',
            'A queue absorbs traffic bursts',
            'Slow work such as e-mails or image processing runs asynchronously',
            'At-least-once delivery means consumers must be idempotent',
            'Ordering may not be guaranteed',
            'Poison messages need a dead-letter queue',
            'Monitor queue depth and consumer lag',
          ],
          difficulty: 'medium',
          timeLimit: 420,
        },
        {
          questionText: 'What is the CAP theorem, and how does it affect the choice of a database?',
          expectedAnswer:
            'CAP says that during a network partition a distributed system must choose between consistency (every read sees the latest write) and availability (every request gets a response). Partitions cannot be avoided, so the real choice is CP or AP behaviour under partition. PACELC adds that without partitions you trade latency against consistency. Systems holding balances or inventory favour consistency; feeds and counters can accept eventual consistency for availability and latency. Many databases let you tune this per operation, for example with quorum reads and writes.',
          kind: 'technical',
          keyPoints: [
            'During a network partition a system chooses between consistency and availability',
            'Consistency: every read sees the latest write',
            'Availability: every request gets a response',
            'PACELC: without a partition you trade latency against consistency',
            'Balances and inventory favour consistency; feeds can accept eventual consistency',
            'Quorum reads and writes tune the trade-off',
          ],
          difficulty: 'hard',
          timeLimit: 480,
        },
      ],
    },
    {
      title: 'Designing at Scale',
      description:
        'Open-ended design of large systems with a staff-level focus on trade-offs and evolution.',
      type: 'topic-based',
      difficulty: 'staff',
      duration: 60,
      showHome: true,
      topics: [
        'Distributed Systems',
        'Capacity Planning',
        'Data Partitioning',
        'Reliability',
        'Trade-offs',
      ],
      aiPrompt:
        'You are a staff engineer running a system design interview. Ask the candidate to design a large system such as a news feed, a ride-sharing dispatch service or a global chat product. Let them drive requirements and estimates, then push on partitioning, consistency, failure modes, cost and how the design evolves over time. Do not accept hand-waving: ask for numbers and concrete trade-offs.',
    },
    {
      title: 'Distributed Systems Deep Dive',
      description:
        'Consensus, replication, idempotency and the failure modes of systems spread over many machines.',
      type: 'topic-based',
      difficulty: 'senior',
      duration: 60,
      topics: [
        'Replication',
        'Consensus',
        'Idempotency',
        'Event-driven Architecture',
        'Observability',
      ],
      aiPrompt:
        'Interview a senior engineer on distributed systems: leader election and consensus (Raft), replication lag, exactly-once versus at-least-once processing, idempotency keys, sagas versus distributed transactions, clock skew, and how they observe and debug such systems.',
    },
    systemDesignWhiteboard,
  ],
};

/**
 * The skills a job description may ask for, as data (issue 15): each canonical name with the ways
 * adverts write it, and the question bank's topic that interviews it where one exists
 * (bank/). Aliases match as whole words, ignoring case, except those
 * marked `exactCase` ("Go" the language, not "go" the verb).
 */
export interface Skill {
  name: string;
  aliases: string[];
  /** The bank topic that asks about it; none when the bank has no questions for it yet. */
  topic?: string;
  /** Match `name` and aliases only as written ("Go", "R"). */
  exactCase?: boolean;
  /**
   * Aliases matched only as written, where the word in lower case is ordinary English: "REST" is
   * not "the rest", "Node" not "a node of the tree", "Lambda" not Python's "lambda".
   */
  exactAliases?: string[];
}

const s = (
  name: string,
  aliases: string[],
  topic?: string,
  exactCase?: boolean,
  exactAliases?: string[],
): Skill => ({
  name,
  aliases,
  ...(topic ? { topic } : {}),
  ...(exactCase ? { exactCase } : {}),
  ...(exactAliases ? { exactAliases } : {}),
});

export const SKILLS: readonly Skill[] = [
  // Languages
  s('JavaScript', ['JS', 'ES6', 'ES2015', 'ECMAScript', 'vanilla JS'], 'JavaScript'),
  s('TypeScript', ['TS'], 'TypeScript'),
  s('Python', ['Python 3', 'Python3'], 'Python'),
  s('Java', ['Java 17', 'Java 21', 'J2EE'], 'Java'),
  s('Kotlin', [], 'Java'),
  s('Go', ['Golang'], 'Go', true),
  s('C#', ['CSharp', 'C Sharp'], 'C#'),
  s('.NET', ['dotnet', '.NET Core', 'ASP.NET', 'ASP.NET Core'], 'C#'),
  s('C++', ['CPP'], undefined),
  s('Rust', [], undefined),
  s('Ruby', [], undefined),
  s('Ruby on Rails', ['Rails', 'RoR'], undefined),
  s('PHP', ['Laravel', 'Symfony'], undefined),
  s('Scala', [], undefined),
  s('Swift', ['SwiftUI'], undefined),
  s('Objective-C', ['ObjC'], undefined),
  s('Dart', [], undefined),
  s('SQL', ['T-SQL', 'PL/SQL', 'ANSI SQL'], 'Databases'),
  s('Bash', ['shell scripting', 'shell scripts', 'Bash scripting'], 'Linux'),
  // Backend
  s('Node.js', ['NodeJS', 'Node JS'], 'Node.js', false, ['Node']),
  s('Express', ['Express.js', 'ExpressJS'], 'Node.js', true),
  s('NestJS', ['Nest.js'], 'Node.js'),
  s('Django', [], 'Python'),
  s('Flask', [], 'Python'),
  s('FastAPI', [], 'Python'),
  s('Spring Boot', ['Spring', 'Spring Framework'], 'Java'),
  s('REST APIs', ['RESTful', 'REST API', 'RESTful APIs', 'API design'], 'REST APIs', false, [
    'REST',
  ]),
  s('GraphQL', ['Apollo'], 'GraphQL'),
  s('gRPC', ['protobuf', 'Protocol Buffers'], 'Microservices'),
  s('Microservices', ['microservice', 'service-oriented architecture', 'SOA'], 'Microservices'),
  s('Caching', ['cache', 'caches', 'caching strategies'], 'Caching'),
  s('Redis', [], 'Caching'),
  s('Memcached', [], 'Caching'),
  s('Kafka', ['Apache Kafka'], 'Message Queues'),
  s('RabbitMQ', [], 'Message Queues'),
  s(
    'Message Queues',
    [
      'message queue',
      'message queues',
      'message broker',
      'message brokers',
      'SQS',
      'pub/sub',
      'event streaming',
      'Kinesis',
      'Amazon Kinesis',
      'Azure Event Hubs',
      'Event Hubs',
    ],
    'Message Queues',
  ),
  s(
    'Authentication',
    ['OAuth', 'OAuth2', 'OAuth 2.0', 'OpenID Connect', 'OIDC', 'JWT', 'SSO', 'SAML'],
    'Authentication',
  ),
  // Data stores
  s('PostgreSQL', ['Postgres', 'psql', 'Postgre'], 'Databases'),
  s('MySQL', ['MariaDB'], 'Databases'),
  s('SQL Server', ['MSSQL', 'Microsoft SQL Server'], 'Databases'),
  s('Oracle Database', ['Oracle DB', 'Oracle'], 'Databases'),
  s(
    'Relational databases',
    ['relational database', 'RDBMS', 'database design', 'data modelling', 'data modeling'],
    'Databases',
  ),
  s('MongoDB', ['Mongo'], 'NoSQL'),
  s('DynamoDB', [], 'NoSQL'),
  s('Cassandra', [], 'NoSQL'),
  s('Elasticsearch', ['OpenSearch'], 'NoSQL', false, ['Elastic']),
  s('NoSQL', [], 'NoSQL'),
  // Frontend
  s('React', ['React.js', 'ReactJS', 'React Hooks'], 'React'),
  s('React Native', [], 'React'),
  s('Next.js', ['NextJS'], 'Next.js'),
  s('Vue', ['Vue.js', 'VueJS', 'Nuxt', 'Nuxt.js'], 'Vue'),
  s('Angular', ['AngularJS', 'Angular 2+'], 'Angular'),
  s('Svelte', ['SvelteKit'], undefined),
  s('HTML', ['HTML5', 'semantic HTML'], 'HTML'),
  s(
    'CSS',
    ['CSS3', 'Sass', 'SCSS', 'Tailwind', 'Tailwind CSS', 'CSS-in-JS', 'styled-components'],
    'CSS',
  ),
  s('Accessibility', ['a11y', 'WCAG', 'web accessibility', 'ARIA'], 'Accessibility'),
  s('State management', ['Redux', 'Zustand', 'MobX', 'Redux Toolkit', 'NgRx'], 'State Management'),
  s('Webpack', ['Vite', 'esbuild', 'Rollup', 'bundlers'], 'Frontend Architecture'),
  s(
    'Web performance',
    ['Core Web Vitals', 'Lighthouse', 'page speed', 'frontend performance'],
    'Performance',
  ),
  s('Design systems', ['design system', 'component library', 'Storybook'], 'Frontend Architecture'),
  // Mobile
  s('iOS', ['UIKit', 'Xcode'], undefined),
  s('Android', ['Jetpack Compose', 'Android SDK'], undefined),
  s('Flutter', [], undefined),
  // Data and ML
  s(
    'Data engineering',
    ['ETL', 'ELT', 'data pipelines', 'data pipeline', 'data warehousing', 'data warehouse'],
    'Data Engineering',
  ),
  s('Apache Spark', ['Spark', 'PySpark'], 'Data Engineering'),
  s('Airflow', ['Apache Airflow'], 'Data Engineering'),
  s('dbt', [], 'Data Engineering', true),
  s('Snowflake', [], 'Data Engineering'),
  s('BigQuery', [], 'Data Engineering'),
  s('Redshift', [], 'Data Engineering'),
  s('Databricks', ['Databricks SQL', 'Databricks Lakehouse'], 'Data Engineering'),
  s('Azure Synapse', ['Synapse Analytics', 'Azure Synapse Analytics'], 'Data Engineering'),
  s('Trino', ['Presto', 'PrestoDB', 'Amazon Athena', 'AWS Athena'], 'Data Engineering'),
  s('Delta Lake', ['Delta tables', 'Delta table', 'Delta Live Tables'], 'Data Engineering'),
  // Capitalised only: "the tip of the iceberg" is no table format.
  s(
    'Apache Iceberg',
    ['Iceberg', 'Iceberg tables', 'Apache Hudi', 'Hudi'],
    'Data Engineering',
    true,
  ),
  s('Apache Flink', ['Flink'], 'Data Engineering'),
  s('Apache Beam', ['Google Dataflow', 'Cloud Dataflow'], 'Data Engineering'),
  s('Hadoop', ['HDFS', 'MapReduce', 'Apache Hive', 'Hive'], 'Data Engineering'),
  s('Dagster', [], 'Data Engineering'),
  s('Prefect', [], 'Data Engineering', true),
  s(
    'Data integration',
    ['Fivetran', 'Airbyte', 'change data capture', 'Debezium', 'data ingestion'],
    'Data Engineering',
  ),
  s(
    'Dimensional modelling',
    [
      'dimensional modeling',
      'star schema',
      'star schemas',
      'snowflake schema',
      'Kimball',
      'Data Vault',
      'fact tables',
    ],
    'Data Engineering',
  ),
  s(
    'Data governance',
    ['data lineage', 'data catalog', 'data catalogue', 'Unity Catalog', 'metadata management'],
    'Data Engineering',
  ),
  s(
    'Data quality',
    ['data validation', 'Great Expectations', 'data contracts', 'data observability'],
    'Data Engineering',
  ),
  s('Pandas', ['NumPy'], 'Python'),
  s('Machine learning', ['ML', 'machine-learning', 'scikit-learn', 'sklearn'], 'Machine Learning'),
  s('Deep learning', ['neural networks', 'PyTorch', 'TensorFlow', 'Keras'], 'Machine Learning'),
  s(
    'LLMs',
    ['large language models', 'LLM', 'generative AI', 'GenAI', 'prompt engineering', 'RAG'],
    'Machine Learning',
  ),
  s(
    'Statistics',
    ['statistical analysis', 'A/B testing', 'experimentation', 'hypothesis testing'],
    undefined,
  ),
  s('Data visualisation', ['data visualization', 'Tableau', 'Power BI', 'Looker'], undefined),
  // Infrastructure
  s('Docker', ['containers', 'containerisation', 'containerization', 'Dockerfile'], 'Docker'),
  s('Kubernetes', ['K8s', 'EKS', 'GKE', 'AKS', 'container orchestration'], 'Kubernetes', false, [
    'Helm',
  ]),
  s(
    'CI/CD',
    [
      'CI',
      'CD',
      'continuous integration',
      'continuous delivery',
      'continuous deployment',
      'GitHub Actions',
      'GitLab CI',
      'Jenkins',
      'CircleCI',
    ],
    'CI/CD',
  ),
  s('AWS', ['Amazon Web Services', 'EC2', 'S3', 'ECS', 'CloudFormation'], 'Cloud', false, [
    'Lambda',
  ]),
  s('Google Cloud', ['GCP', 'Google Cloud Platform'], 'Cloud'),
  s('Azure', ['Microsoft Azure'], 'Cloud'),
  s('Serverless', ['serverless functions', 'FaaS'], 'Cloud'),
  s(
    'Terraform',
    ['Pulumi', 'CloudFormation templates', 'Infrastructure as Code', 'IaC'],
    'Infrastructure as Code',
  ),
  s('Ansible', ['Chef', 'Puppet'], 'Infrastructure as Code'),
  s('Linux', ['Unix', 'command line'], 'Linux'),
  s(
    'Observability',
    ['monitoring', 'Prometheus', 'Grafana', 'Datadog', 'OpenTelemetry', 'tracing', 'logging'],
    'Observability',
  ),
  s(
    'Site reliability',
    ['SRE', 'incident response', 'on-call', 'SLOs', 'SLIs', 'error budgets'],
    'Observability',
  ),
  s(
    'Networking',
    ['TCP/IP', 'DNS', 'load balancers', 'load balancing', 'HTTP/2', 'CDN', 'CDNs'],
    'Networking',
  ),
  // Practice
  s(
    'Testing',
    [
      'unit testing',
      'unit tests',
      'integration tests',
      'integration testing',
      'test automation',
      'TDD',
      'test-driven development',
      'tested code',
      'pytest',
      'JUnit',
      'xUnit',
      'XCTest',
    ],
    'Testing',
  ),
  s('Jest', ['Vitest', 'Mocha'], 'Testing'),
  s('Playwright', ['Cypress', 'Selenium', 'end-to-end tests', 'E2E tests'], 'Testing'),
  s('Git', ['GitHub', 'GitLab', 'Bitbucket', 'version control'], 'Git'),
  s(
    'System design',
    [
      'systems design',
      'software architecture',
      'distributed architecture',
      'scalable systems',
      'scalability',
    ],
    'System Design',
  ),
  s(
    'Distributed systems',
    [
      'distributed computing',
      'consensus algorithms',
      'consensus protocols',
      'Raft',
      'Paxos',
      'eventual consistency',
    ],
    'Distributed Systems',
  ),
  s('Algorithms', ['algorithm', 'algorithmic problem solving'], 'Algorithms'),
  s('Data structures', ['data structure'], 'Data Structures'),
  s(
    'Security',
    [
      'application security',
      'AppSec',
      'OWASP',
      'secure coding',
      'threat modelling',
      'threat modeling',
    ],
    'Security',
  ),
  s(
    'Performance',
    [
      'performance tuning',
      'performance optimisation',
      'performance optimization',
      'profiling',
      'low latency',
    ],
    'Performance',
  ),
  s(
    'Concurrency',
    ['multithreading', 'multi-threading', 'async programming', 'asynchronous programming'],
    undefined,
  ),
  s('Agile', ['Scrum', 'Kanban'], 'Communication'),
  // Compliance: regulations and standards adverts ask engineers to build within
  s('GDPR', ['General Data Protection Regulation', 'UK GDPR', 'EU GDPR']),
  s('HIPAA', []),
  s('SOC 2', ['SOC2', 'SOC 2 Type II']),
  s('ISO 27001', ['ISO/IEC 27001', 'ISO27001']),
  s('PCI DSS', ['PCI-DSS', 'PCI compliance']),
  s('Data privacy', [
    'data protection',
    'privacy engineering',
    'privacy by design',
    'PII',
    'personally identifiable information',
    'CCPA',
    'data anonymisation',
    'data anonymization',
    'pseudonymisation',
  ]),
  s('Compliance', [
    'regulatory compliance',
    'regulated environments',
    'regulated environment',
    'regulated industries',
    'regulatory requirements',
    'audit trails',
    'SOX',
  ]),
  // People
  s(
    'Leadership',
    [
      'mentoring',
      'mentorship',
      'mentor',
      'tech lead',
      'technical leadership',
      'people management',
      'line management',
    ],
    'Leadership',
  ),
  s(
    'Communication',
    ['communication skills', 'stakeholder management', 'collaboration', 'cross-functional'],
    'Communication',
  ),
];

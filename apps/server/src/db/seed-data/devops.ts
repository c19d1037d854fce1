import type { SeedCategory } from './types';

export const devops: SeedCategory = {
  name: 'DevOps',
  icon: '🚀',
  description: 'Containers, CI/CD, cloud infrastructure and keeping production healthy.',
  sets: [
    {
      title: 'Containers & CI/CD',
      description: 'Docker, Kubernetes basics and the delivery pipelines that ship code safely.',
      type: 'fixed',
      difficulty: 'mid',
      duration: 40,
      topics: ['Docker', 'Kubernetes', 'CI/CD', 'Deployment Strategies', 'Infrastructure as Code'],
      questions: [
        {
          questionText: 'What is the difference between a container and a virtual machine?',
          expectedAnswer:
            'A virtual machine runs a full guest operating system on a hypervisor, with its own kernel, so it is heavier, slower to start and strongly isolated. A container shares the host kernel and isolates processes with namespaces and cgroups, packaging only the application and its dependencies, so it starts in seconds and uses fewer resources, with weaker isolation than a VM. Containers give the same image from a laptop to production.',
          kind: 'technical',
          keyPoints: [
            'A virtual machine runs a full guest operating system with its own kernel on a hypervisor',
            'A container shares the host kernel',
            'Containers are isolated with namespaces and limited with cgroups',
            'Containers start faster and use fewer resources',
            'Containers isolate less strongly than virtual machines',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText: 'How do you write a good Dockerfile for a production service?',
          expectedAnswer:
            'Start from a small, pinned base image; use multi-stage builds so build tools stay out of the final image; copy dependency manifests first and install before copying the source to make the most of layer caching; use a .dockerignore; run as a non-root user; set a health check and sensible signals handling so the process shuts down gracefully; avoid baking secrets into the image, passing them at runtime instead; and scan images for vulnerabilities.',
          kind: 'technical',
          keyPoints: [
            'Start from a small, pinned base image',
            'Use multi-stage builds so build tools stay out of the final image',
            'Copy dependency manifests and install before copying the source, for layer caching',
            'Use a .dockerignore',
            'Run as a non-root user',
            'Add a health check and shut down gracefully on signals',
            'Never bake secrets into the image',
          ],
          difficulty: 'medium',
          timeLimit: 360,
        },
        {
          questionText:
            'Describe a CI/CD pipeline you would set up for a web service, from commit to production.',
          expectedAnswer:
            'On every push the CI pipeline installs dependencies from the lockfile, runs linting, type checks, unit and integration tests, builds an immutable artifact or container image tagged with the commit, and scans it. Merging to main deploys automatically to a staging environment where end-to-end and smoke tests run, then to production with a safe strategy, gated by approvals if needed. Database migrations run in a backwards-compatible way, the pipeline is fast and reproducible, and rollbacks are one click.',
          kind: 'technical',
          keyPoints: [
            'Every push installs from the lockfile and runs lint, type checks and tests',
            'Build an immutable image tagged with the commit, and scan it',
            'Merging to main deploys to staging automatically',
            'End-to-end and smoke tests run on staging',
            'Production deploys use a safe strategy, gated by approval if needed',
            'Migrations are backwards-compatible and rollback is one step',
          ],
          difficulty: 'medium',
          timeLimit: 420,
        },
        {
          questionText: 'Compare rolling, blue-green and canary deployments.',
          expectedAnswer:
            'A rolling deployment replaces instances gradually, needing no extra capacity but running two versions side by side during the rollout. Blue-green keeps two full environments and switches traffic from the old to the new at once, which makes rollback instant but doubles the infrastructure. A canary sends a small percentage of traffic to the new version, watches error rates and latency, and increases the share only if metrics stay healthy, catching problems with limited blast radius.',
          kind: 'technical',
          keyPoints: [
            'A rolling deployment replaces instances gradually',
            'During a rolling deployment two versions serve traffic side by side',
            'Blue-green switches traffic between two full environments at once',
            'Blue-green rolls back instantly but doubles the infrastructure',
            'A canary sends a small share of traffic to the new version first',
            'A canary watches error rates and latency before increasing the share',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText:
            'What do Kubernetes Deployments, Services and liveness and readiness probes do?',
          expectedAnswer:
            'A Deployment declares the desired state of a set of identical pods, such as the image and replica count, and manages rolling updates and rollbacks through ReplicaSets. A Service gives those pods a stable virtual IP and DNS name and load-balances across the ready ones. A readiness probe tells Kubernetes when a pod can receive traffic, so it is removed from the Service while starting or overloaded; a liveness probe tells it when a container is stuck and must be restarted.',
          kind: 'technical',
          keyPoints: [
            'A Deployment declares the desired pods, image and replica count',
            'A Deployment manages rolling updates and rollbacks',
            'A Service gives pods a stable IP and DNS name and load-balances across them',
            'A readiness probe decides when a pod may receive traffic',
            'A liveness probe restarts a stuck container',
          ],
          difficulty: 'hard',
          timeLimit: 420,
        },
        {
          questionText: 'What is infrastructure as code, and what are its benefits?',
          expectedAnswer:
            'Infrastructure as code describes servers, networks, databases and permissions in version-controlled files, with tools such as Terraform, Pulumi or CloudFormation, instead of manual console changes. Benefits are reproducible environments, code review of infrastructure changes, a history of who changed what, easy recreation after disasters, and drift detection. A plan step shows changes before they are applied, and state must be stored and locked safely.',
          kind: 'technical',
          keyPoints: [
            'Infrastructure is described in version-controlled files',
            'Tools such as Terraform, Pulumi or CloudFormation apply the files',
            'Environments become reproducible',
            'Infrastructure changes get code review and a history',
            'Drift detection finds manual changes',
            'A plan step shows changes before they are applied',
            'State must be stored remotely and locked',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
      ],
    },
    {
      title: 'Cloud Infrastructure & Reliability',
      description:
        'Observability, incident response, SLOs and designing infrastructure that fails gracefully.',
      type: 'topic-based',
      difficulty: 'senior',
      duration: 45,
      topics: [
        'Observability',
        'SLOs',
        'Incident Response',
        'Cloud Networking',
        'Cost Optimisation',
      ],
      aiPrompt:
        'Interview a senior DevOps or site reliability engineer. Cover metrics, logs and traces, defining SLIs and SLOs with error budgets, a past incident they handled and its postmortem, multi-region design and disaster recovery, and keeping cloud costs under control.',
    },
  ],
};

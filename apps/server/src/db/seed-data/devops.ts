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
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText: 'How do you write a good Dockerfile for a production service?',
          expectedAnswer:
            'Start from a small, pinned base image; use multi-stage builds so build tools stay out of the final image; copy dependency manifests first and install before copying the source to make the most of layer caching; use a .dockerignore; run as a non-root user; set a health check and sensible signals handling so the process shuts down gracefully; avoid baking secrets into the image, passing them at runtime instead; and scan images for vulnerabilities.',
          difficulty: 'medium',
          timeLimit: 360,
        },
        {
          questionText:
            'Describe a CI/CD pipeline you would set up for a web service, from commit to production.',
          expectedAnswer:
            'On every push the CI pipeline installs dependencies from the lockfile, runs linting, type checks, unit and integration tests, builds an immutable artifact or container image tagged with the commit, and scans it. Merging to main deploys automatically to a staging environment where end-to-end and smoke tests run, then to production with a safe strategy, gated by approvals if needed. Database migrations run in a backwards-compatible way, the pipeline is fast and reproducible, and rollbacks are one click.',
          difficulty: 'medium',
          timeLimit: 420,
        },
        {
          questionText: 'Compare rolling, blue-green and canary deployments.',
          expectedAnswer:
            'A rolling deployment replaces instances gradually, needing no extra capacity but running two versions side by side during the rollout. Blue-green keeps two full environments and switches traffic from the old to the new at once, which makes rollback instant but doubles the infrastructure. A canary sends a small percentage of traffic to the new version, watches error rates and latency, and increases the share only if metrics stay healthy, catching problems with limited blast radius.',
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText:
            'What do Kubernetes Deployments, Services and liveness and readiness probes do?',
          expectedAnswer:
            'A Deployment declares the desired state of a set of identical pods, such as the image and replica count, and manages rolling updates and rollbacks through ReplicaSets. A Service gives those pods a stable virtual IP and DNS name and load-balances across the ready ones. A readiness probe tells Kubernetes when a pod can receive traffic, so it is removed from the Service while starting or overloaded; a liveness probe tells it when a container is stuck and must be restarted.',
          difficulty: 'hard',
          timeLimit: 420,
        },
        {
          questionText: 'What is infrastructure as code, and what are its benefits?',
          expectedAnswer:
            'Infrastructure as code describes servers, networks, databases and permissions in version-controlled files, with tools such as Terraform, Pulumi or CloudFormation, instead of manual console changes. Benefits are reproducible environments, code review of infrastructure changes, a history of who changed what, easy recreation after disasters, and drift detection. A plan step shows changes before they are applied, and state must be stored and locked safely.',
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

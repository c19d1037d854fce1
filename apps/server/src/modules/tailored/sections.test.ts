import { describe, expect, it } from 'vitest';
import { jobRequirementsSchema } from '@candor/shared';
import {
  requirementName,
  requirementsIn,
  skillsOfRequirement,
} from '../../ai/builtin/skill-meaning';
import { skillsIn } from '../../ai/builtin/skills';
import { extractRequirements } from './extract';
import { tidyRequirements } from './model-extraction';
import { JOB_DESCRIPTIONS } from './fixtures/job-descriptions';
import { SECTIONED_JOB_DESCRIPTIONS } from './fixtures/sectioned-job-descriptions';
import { sectionOfLine } from './sections';

/**
 * Issue 28, "reading documents is rough": an explicit "Nice to have" section read as "None" with
 * its items under Required; "Snowflake, BigQuery or Redshift" all required; Databricks, Delta
 * Lake and GDPR missed.
 */

const byName = (name: string) => JOB_DESCRIPTIONS.find((j) => j.name === name)!.text;
const names = (text: string) => skillsIn(text).map((s) => s.name);

describe('the sections of an advert, in the layouts adverts use', () => {
  it.each([
    ['Nice to have', 'nice'],
    ['Nice to have:', 'nice'],
    ['**Nice to have**', 'nice'],
    ['__Nice-to-haves__', 'nice'],
    ['NICE TO HAVE', 'nice'],
    ['### ✨ Nice to have', 'nice'],
    ['Nice to have (we will teach you the rest, so apply even if you tick none of these):', 'nice'],
    ['Bonus', 'nice'],
    ['Bonus points', 'nice'],
    ['Also welcome', 'nice'],
    ['ALSO WELCOME:', 'nice'],
    ['Preferred qualifications', 'nice'],
    ['Plus', 'nice'],
    ['Pluses:', 'nice'],
    ['It would be great if you also have', 'nice'],
    ['Even better if you have:', 'nice'],
    ['Desirable', 'nice'],
    ['Requirements', 'required'],
    ['**Requirements**', 'required'],
    ['Must have', 'required'],
    ['MUST-HAVES', 'required'],
    ['Minimum qualifications:', 'required'],
    ['Skills & experience', 'required'],
    ["What you'll need", 'required'],
    ['1. Requirements', 'required'],
    ['Benefits', 'ignored'],
    ['About us', 'ignored'],
  ])('%s heads a %s part', (line, section) => {
    expect(sectionOfLine(line)).toBe(section);
  });

  it('a line of a list that lost its bullets is no heading', () => {
    // "Startup experience" under "Nice to have" once made the rest of the list required.
    expect(sectionOfLine('Startup experience')).toBeNull();
    expect(sectionOfLine('Startup experience is a plus')).toBeNull();
    expect(sectionOfLine('Kafka is a plus')).toBeNull();
    expect(sectionOfLine('- Docker')).toBeNull();
  });

  it('an explicit "Nice to have" section is read, its items nice to have and not required', () => {
    const advert = SECTIONED_JOB_DESCRIPTIONS[4]!.text;
    const found = extractRequirements(advert);
    expect(found.niceToHave).toEqual(['Databricks', 'GDPR']);
    expect(found.required).not.toContain('Databricks');
    expect(found.required).not.toContain('GDPR');
  });

  it.each(SECTIONED_JOB_DESCRIPTIONS)('$name', ({ text, expected }) => {
    const found = extractRequirements(text);
    expect(jobRequirementsSchema.parse(found)).toEqual(found);
    expect(found.level).toBe(expected.level);
    expect([...found.required].sort()).toEqual([...expected.required].sort());
    expect([...found.niceToHave].sort()).toEqual([...expected.niceToHave].sort());
  });
});

describe('alternatives: "X, Y or Z" is one requirement any of them satisfies', () => {
  const read = (sentence: string) => requirementsIn(sentence).map((r) => requirementName(r));

  it('joins a family named with "or", and keeps the others apart', () => {
    expect(read('Snowflake, BigQuery or Redshift')).toEqual(['Snowflake, BigQuery or Redshift']);
    expect(read('Snowflake, BigQuery, or Redshift experience')).toEqual([
      'Snowflake, BigQuery or Redshift',
    ]);
    expect(read('Experience with Kafka or another message broker')).toEqual([
      'Kafka or Message Queues',
    ]);
    expect(read('MySQL/PostgreSQL')).toEqual(['MySQL or PostgreSQL']);
    expect(read('Go (or Rust)')).toEqual(['Go or Rust']);
    // A language and a framework are two requirements; "and" ends a list of alternatives.
    expect(read('Python, PyTorch or TensorFlow')).toEqual(['Python', 'Deep learning']);
    expect(read('Kubernetes and Docker')).toEqual(['Kubernetes', 'Docker']);
    expect(read('Strong SQL and Python or Scala')).toEqual(['SQL', 'Python or Scala']);
    expect(read('HTML/CSS')).toEqual(['HTML', 'CSS']);
    // Two names of one skill are that skill.
    expect(read('Tableau or Power BI')).toEqual(['Data visualisation']);
  });

  it('the issue’s advert: one warehouse required, not three', () => {
    const found = extractRequirements(SECTIONED_JOB_DESCRIPTIONS[0]!.text);
    expect(found.required).toContain('Snowflake, BigQuery or Redshift');
    for (const one of ['Snowflake', 'BigQuery', 'Redshift'])
      expect(found.required).not.toContain(one);
    // The existing adverts too: "Snowflake or BigQuery", "Any cloud: AWS, Azure or Google Cloud".
    expect(extractRequirements(byName('senior data engineer')).required).toContain(
      'Snowflake or BigQuery',
    );
    expect(extractRequirements(byName('junior DevOps')).niceToHave).toEqual([
      'Terraform or Ansible',
      'AWS, Azure or Google Cloud',
    ]);
  });

  it('a skill asked for on its own makes alternatives that include it redundant', () => {
    const found = extractRequirements(
      'Requirements\n- TypeScript\n- JavaScript or TypeScript\n- Go or Rust\n\nNice to have\n- Rust',
    );
    expect(found.required).toEqual(['TypeScript', 'Go or Rust']);
    expect(found.niceToHave).toEqual(['Rust']);
  });

  it('reads a requirement’s name back into its skills, as a candidate may type it', () => {
    const of = (name: string) => skillsOfRequirement(name).map((k) => k.name);
    expect(of('Snowflake, BigQuery or Redshift')).toEqual(['Snowflake', 'BigQuery', 'Redshift']);
    expect(of('k8s')).toEqual(['Kubernetes']);
    expect(of('Postgres')).toEqual(['PostgreSQL']);
    expect(of('CI/CD')).toEqual(['CI/CD']);
    expect(of('COBOL')).toEqual([]);
    // A name cut to fit keeps whole alternatives.
    const clouds = requirementsIn('AWS, Azure or Google Cloud')[0]!;
    expect(requirementName(clouds)).toBe('AWS, Azure or Google Cloud');
    expect(requirementName(clouds, 20)).toBe('AWS or Azure');
  });
});

describe('a model’s reading of an advert, made canonical', () => {
  it('writes alternatives as the builtin reading does, and drops those a single skill satisfies', () => {
    const tidy = tidyRequirements({
      role: ' Senior Data Engineer ',
      level: 'senior',
      required: [
        'Snowflake/BigQuery/Redshift',
        'Postgres or MySQL',
        'k8s',
        'Kubernetes',
        'Go',
        'Go or Rust',
      ],
      niceToHave: ['Databricks', 'databricks', 'Terraform or Ansible', 'Terraform', 'Postgres'],
    });
    expect(tidy).toEqual({
      role: 'Senior Data Engineer',
      level: 'senior',
      required: ['Snowflake, BigQuery or Redshift', 'PostgreSQL or MySQL', 'Kubernetes', 'Go'],
      niceToHave: ['Databricks', 'Terraform', 'PostgreSQL'],
    });
  });
});

describe('vocabulary for data platforms and compliance', () => {
  it('finds Databricks, Delta Lake, GDPR and their neighbours', () => {
    expect(
      names(
        'Databricks and Delta Lake on Azure Synapse, Apache Iceberg tables, Flink, dbt; GDPR, HIPAA, SOC 2 and ISO 27001; PII handling and data lineage.',
      ),
    ).toEqual([
      'Databricks',
      'Delta Lake',
      'Azure Synapse',
      'Apache Iceberg',
      'Apache Flink',
      'dbt',
      'GDPR',
      'HIPAA',
      'SOC 2',
      'ISO 27001',
      'Data privacy',
      'Data governance',
    ]);
    // Not in prose that only looks like them.
    expect(names('the tip of the iceberg; a delta of two days')).toEqual([]);
  });
});

/** The names of a STAR story's parts, as the report and the story form show them. */
export const PART_LABELS = {
  situation: 'Situation',
  task: 'Task',
  action: 'Action',
  result: 'Result',
} as const;

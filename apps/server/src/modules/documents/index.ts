/**
 * Résumé files read behind a process boundary (issue 24, decision 036): PDF and DOCX in capped
 * child processes, never on the server's main thread. What other modules use of it.
 */
export {
  READER_DEFAULTS,
  ReaderBusyError,
  createDocumentReader,
  type DocumentReader,
  type DocumentReaderOptions,
} from './reader';
export {
  RESUME_MESSAGES,
  RESUME_PROBLEMS,
  ResumeError,
  foldText,
  type ResumeProblem,
} from './problems';

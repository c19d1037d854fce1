/** Recordings of answers (issue 14): the store and what other modules use of it. */
export { wavDurationMs } from './formats';
export { removeOrphanedRecordings } from './orphans';
export { createRecordingStore, type RecordingStore } from './store';
export { userRecordingsPrefix } from './store/store';
export { RangeNotSatisfiable, playRecording, playbackHeaders, type RecordingDeps } from './service';

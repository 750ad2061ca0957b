// The backups' way in, beside the Store facade: taking, listing, checking and restoring copies of a
// database file. Restoring works on files, not on an open Store: every connection must be closed first.
export {
  BACKUP_KEEP,
  SECOND_FOLDER_SETTING,
  backupFolderOf,
  backupName,
  listBackups,
  pruneBackups,
  type BackupEntry,
  type BackupKind,
} from './backup-files';
export {
  checkDatabaseFile,
  refuseDamagedDatabase,
  refuseUnusableDeskFile,
  DatabaseDamagedError,
  type FileCheck,
} from './backup-check';
export type { BackupProblem } from './backup-check';
export {
  BackupFailedError,
  backupFile,
  takeBackup,
  writeBackup,
  type TakeBackupOptions,
  type TakenBackup,
} from './backup-take';
export { secondBackupFolder } from './backup-before-migration';
export {
  NotAGoodBackupError,
  restoreBackup,
  restorePreview,
  type NewestTimes,
  type RestorePreview,
  type RestoreResult,
} from './backup-restore';

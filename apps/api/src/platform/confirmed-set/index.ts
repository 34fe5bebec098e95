/** Confirmed sets: one fingerprint check for every write on a set the operator was shown. */
export {
  checkedSetWrites,
  checkFingerprintInput,
  confirmedSetWrite,
  confirmedSetWrites,
  confirmSet,
  fileFingerprint,
  FILE_FINGERPRINT_INPUT,
  FINGERPRINT,
  FINGERPRINT_INPUT,
  setFingerprint,
  type Confirmation,
  type ConfirmedSet,
  type ConfirmedSetWrite,
  type SetMember,
} from './confirmed-set';

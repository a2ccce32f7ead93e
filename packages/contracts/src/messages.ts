/**
 * User-facing messages quoted by the specification, verbatim (spelling included,
 * e.g. 'atleast'). One place, so server and web say exactly the same words.
 * The web's i18n catalogue uses these as its English source (apps/web/src/lib/i18n).
 */
export const MESSAGES = {
  // spec 000 §8
  emergencySent: 'Message Sent!',
  emergencyFailed: 'Unable to send Emergency message!',
  securityNotified: 'Security has been notified of this user on the premises.',
  securityNotifyFailed: 'Unable to notify security of this user on the premises.',
  noResults: 'No results found.',
  uploadFailed: 'Upload failed',
  exclusionLoadFailed: 'Unable to get Exclusion from WIP',
  skywardFailed: 'Could not connect to Skyward server. Please try after sometime or contact your administrator.',
  skywardOk: 'Connection successful.',
  removeNearbyConfirm: 'Are you sure you want to remove this visitor?',
  exportNeedsColumn: 'Please select atleast one column to download the report.',
  emailSent: 'Email Sent',
  errorRouting: 'Error routing',
  errorRetrieving: 'Error retrieving data.',
  // spec 000 §5 geocoding
  geocodeNotFound: 'The address that you provided could not be found',
  geocodeAmbiguous: 'The address that you provided could not be uniquely determined',
  geocodeFailed: 'Unable to find coordinates at this time',
  // spec 002 §8
  backgroundCheckFailed: 'Unable to run Background Check at this time.',
  allowConfirm: 'Are you sure you want to clear the potential issues found for this visitor?',
  cancelCheckInFailed: 'Unable to cancel check-in.',
  guardiansSisError:
    'Could not retrieve authorized Guardians for pick up. Please try after again or contact your administrator.',
  pickupRecorded: 'Pickup has been successfully recorded.',
  dropoffRecorded: 'Dropoff has been successfully recorded.',
  kioskUnableToProcess: 'Unable to process request.',
  kioskCheckInformation: 'Please Check information and try again.',
  // our own (spec silent): a staff account signing in at the kiosk login (issue 14)
  kioskAccountsOnly: 'Only kiosk accounts can sign in here. Administrators use the kiosk through a kiosk account.',
  searching: 'searching...',
  createNewVisitor: 'Create a New Visitor',
  denyAndExclude: 'Deny & Add Exclusion',
  deny: 'Deny',
  pictureVerification: 'Picture Verification',
  pictureRetake: 'Picture Re-Take',
  // spec 001 §8 registration confirmations (the '...' of the spec is 'Are you sure you want to')
  registrationDenyConfirm: 'Are you sure you want to DENY the visitor registration request?',
  registrationDenyExcludeConfirm:
    'Are you sure you want to DENY the visitor registration request and add them to the EXCLUSION list?',
  registrationPendingConfirm: 'Are you sure you want to mark the visitor registration request PENDING?',
  registrationCancelWarningsConfirm:
    'Are you sure you want to cancel the email warnings for this visitor registration?',
  registrationClearPhotoConfirm: 'Are you sure you want to remove the photo from this visitor registration?',
  registrationExpirationEmailConfirm: 'Are you sure you want to send expiration email for this visitor registration?',
  safeVendorDenyConfirm: 'Are you sure you want to DENY the SafeVendor request?',
  safeVendorPendingConfirm: 'Are you sure you want to mark the SafeVendor request PENDING?',
  safeVendorCancelWarningsConfirm:
    'Are you sure you want to cancel the email warnings for this SafeVendor registration?',
  safeVendorClearPhotoConfirm: 'Are you sure you want to remove the photo from this SafeVendor registration?',
  safeVendorExpirationEmailConfirm: 'Are you sure you want to send expiration email for this SafeVendor registration?',
  // our own (spec silent): why a registration badge is refused at the desk or kiosk (issue 11)
  registrationNotFound: 'This badge is not a registration of this district.',
  registrationPending: 'This registration has not been approved yet.',
  registrationDenied: 'This registration was denied.',
  registrationExpired: 'This registration has expired. Ask the office to renew it.',
  registrationUnderReview: 'This registration is under review.',
  registrationSuspended: 'This registration is suspended pending an arrest-watch review. Contact the district office.',
  registrationNotThisBuilding: 'This registration is not valid at this building.',
  // our own (spec silent): sign-in
  invalidCredentials: 'The email or password is incorrect.',
  tooManyAttempts: 'Too many sign-in attempts. Wait a few minutes and try again.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  // our own (spec silent): the kiosk's log-out asks for the kiosk account's password (issue 25, audit 002 U4)
  kioskLogoutPasswordRequired: "Enter the kiosk account's password to log this kiosk out.",
  kioskLogoutPasswordWrong: "That is not the kiosk account's password. The kiosk stays signed in.",
  // our own (spec silent): password e-mails and links (issue 2 §3)
  passwordEmailRequested: 'If an account uses that email, a message with a link is on its way.',
  passwordLinkInvalid: 'This link is invalid or has expired. Ask for a new one.',
  passwordSet: 'Your password has been set. You can sign in now.',
  userInactive: 'This user is inactive. Activate the user first.',
  // our own (spec silent): impersonation (spec 000 §4, issue 2 §6)
  impersonationNotAllowed: 'Administrators, kiosk accounts and disabled users cannot be impersonated.',
  notImpersonating: 'You are not impersonating anyone.',
} as const;

// Wording of the volunteer journey, copied exactly where the spec
// gives it. Client screens and server refusals both use these, so they say the same thing.
import { SIGN_IN_CODE_DIGITS } from './limits.ts';

/** Sign-in and logout. */
export const signInMessages = {
  emailRequiredTitle: 'Email Required',
  emailRequired: 'Please enter your email address to continue.',
  emailInvalid: 'Please enter a valid email address.',
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  failedTitle: 'Sign In Failed',
  failed: 'An error occurred during sign in.',
  autoRegistration:
    'New volunteers are registered automatically at first sign-in. Returning volunteers use the same e-mail address.',
  codeInvalid: 'That code is not right, or it has expired. Please check the e-mail, or ask for a new code.',
  codeFormat: `Please enter the ${SIGN_IN_CODE_DIGITS}-digit code from the e-mail.`,
  linkInvalid: 'This sign-in link has expired or has already been used. Please sign in again to get a new one.',
  tooManyMails: (minutes: number) =>
    `Too many sign-in e-mails for this address. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  alreadySent: (email: string, validMinutes: number, waitMinutes: number) =>
    `We have already sent sign-in e-mails to ${email} in the last few minutes, so we have not sent another. Please use the link or the code in the latest one: it works for ${validMinutes} more minute${validMinutes === 1 ? '' : 's'}. A new e-mail can be sent in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}.`,
  tooManyRequests: (after: string) => `Too many sign-in attempts from this device. Please wait ${after} and try again.`,
  mailFailed: 'We could not send the sign-in e-mail just now. Please try again in a moment.',
  logoutFailedTitle: 'Logout Failed',
  logoutFailed: 'Failed to logout. Please try again.',
} as const;

/** The find workflow. */
export const findMessages = {
  heading: 'Find graffiti near me',
  find: 'Find Nearest Graffiti',
  finding: 'Finding...',
  findFailed: 'Failed to find nearest graffiti. Please try again.',
  noResult: 'No graffiti reports available in this area.',
  cleanIt: 'I want to clean it up',
  starting: 'Starting...',
  findAnother: 'Find another site',
  /** When nothing is within the radius searched ('5 km'). */
  noneWithin: (radius: string) => `No graffiti reports within ${radius} of you.`,
  /** The button that widens the search ('20 km'). */
  widen: (radius: string) => `Search within ${radius}`,
  photosHeading: 'Upload Before & After Photos',
  tapToAdd: 'Tap to add photo',
  uploadPhotos: 'Upload photos',
  emailHeading: 'Almost done!',
  complete: 'Complete Cleanup',
  completing: 'Completing...',
  skip: 'Skip',
  success: 'Cleanup completed! Great job cleaning up Edinburgh!',
  /** Other reports of the same wall (a second phone, a manual report), completed with it. */
  alsoCompleted: (count: number) =>
    `This also completed ${count === 1 ? '1 other report' : `${count} other reports`} of the same site.`,
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Please try again.',
  navigationUnavailable: 'Navigation unavailable - this report does not have a What3Words location.',
  photoUploadFailed: 'Failed to upload photo',
  bothPhotosRequired: 'Please add both a before and an after photo.',
  alreadyClaimed: 'Another volunteer is already cleaning this site. Please find another site.',
  alreadyCompleted: 'This site has already been cleaned. Please find another site.',
  notYourClaim: 'Only the volunteer cleaning this site, or an administrator, can do that.',
  statusAdminOnly: 'Only administrators can set this status. Volunteers start a clean-up, or stop one they started.',
  ownEmailOnly: 'You can link a clean-up to your own e-mail address only. Sign in with that address to link it.',
  noPhotoTitle: 'No file selected',
  noPhoto: 'Please select a photo to upload.',
} as const;

/** The personal dashboard. */
export const dashboardMessages = {
  title: 'Volunteer Dashboard',
  logout: 'Logout',
  loggingOut: 'Logging out...',
  anonymous: 'Anonymous Volunteer',
  recently: 'Recently',
  noCleanups: 'No sites cleaned yet',
  noMucus: 'No MUCUs attended yet',
  noAchievements: 'No achievements yet',
  share: 'Share This Cleanup',
  sharedTitle: 'Shared!',
  shared: 'Cleanup details copied to clipboard.',
  completedBadge: 'Completed',
} as const;

/** Hashtags of the community clean-up, in every shared clean-up. */
export const SHARE_HASHTAGS = [
  '#CleanUpEdinburgh',
  '#MeetUpCleanUp',
  '#GraffitiFreeEdinburgh',
  '#CommunityCleanup',
] as const;

// User-facing wording, exactly as the product requires it. Server refusals and client toasts both use
// these, so a refusal says what was wrong in the words the person sees on screen.
import { MAX_PHOTO_BYTES } from './limits.ts';
import { FOLLOWER_RETENTION_DAYS } from './report-follow-up.ts';

export const CITY_NAME = 'Edinburgh';

export const messages = {
  report: {
    locationRequired: 'location is required',
    locationInvalid: 'Please enter a valid three-word location',
    photoRequiredTitle: 'Photo required',
    photoRequired: 'Please select a photo before submitting.',
    photoHint: 'Please upload a photo to submit your report',
    fileTooLargeTitle: 'File too large',
    fileTooLarge: `Please select an image smaller than ${MAX_PHOTO_BYTES / (1024 * 1024)}MB.`,
    unsupportedTypeTitle: 'Unsupported image',
    unsupportedType: 'Please choose a JPG, PNG, WebP or HEIC photo.',
    tooManyPixels: 'This image is too large to process. Please choose a smaller photo.',
    unreadableImage: 'This file could not be read as a photo. Please choose another photo.',
    /** In place of a chosen photo this browser cannot draw (an iPhone's HEIC on a desktop browser). */
    previewUnavailable: 'Preview not available on this device; the photo will be sent',
    submitErrorTitle: 'Error submitting report',
    thankYou: 'Thank you for helping to make Edinburgh cleaner! Our volunteers have been notified of your report',
    submit: 'Submit Report',
    submitting: 'Submitting Report...',
    /** While the prepared photo goes up ahead of the report: "Sending photo... 60%". */
    sendingPhoto: (percent: number) => `Sending photo... ${percent}%`,
    photoSent: 'Photo sent',
    offensiveQuestion: 'Is it offensive (racist, sexual, threatening or naming a person)?',
    /** 'Add my photo to it' on a report already open here, once the photo joined it. */
    addedMyPhoto: 'Thank you: your photo was added to the report.',
    /** Beside an open report, for anyone who sees it. */
    peopleReported: (count: number) => (count === 1 ? '1 person reported this' : `${count} people reported this`),
  },
  /** The optional e-mail that asks to be told when a report is cleaned: on the report form and its status page. */
  followByEmail: {
    label: 'Tell me when it is cleaned',
    help: `Optional. Your e-mail address, used only for this and deleted once we have told you (or after ${FOLLOWER_RETENTION_DAYS} days).`,
    invalid: 'Please enter a valid e-mail address',
  },
  generic: {
    tryAgain: 'Please try again',
  },
  notFound: {
    title: '404 Page Not Found',
  },
} as const;

/** The sign-in page's Administrator tab. */
export const adminAccessMessages = {
  deniedTitle: 'Access Denied',
  denied: 'Incorrect passcode. Please try again.',
  button: 'Administrator Access',
  /** On the Administrator tab, after the administrator session lapsed mid-use. */
  sessionEnded: 'Your administrator session has ended. Enter the access code to sign in again.',
  /** On the Administrator tab, for anyone who opened an administrator screen without the code. */
  codeNeeded: 'The Administrator Dashboard needs the administrator access code. Enter it to continue.',
} as const;

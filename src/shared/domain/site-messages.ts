// The words of each wall's history: 'It's back' on a cleaned site, the reporter's 'Is it clean now?',
// and the administrators' history of a site. Kept apart from the form's words, which the home page
// loads first.
export const siteMessages = {
  itsBackButton: "It's back",
  itsBackTitle: 'Has the graffiti come back?',
  itsBackHelp:
    'If this wall has been tagged again since it was cleaned, send a photo of it as it is now and we will report it again.',
  sendItsBack: 'Report it again',
  sendingItsBack: 'Sending...',
  itsBackSent: 'Thank you: it is reported again, and our volunteers have been notified.',
  itsBackFollow: 'Follow the new report',
  /** The reporter's question in the 'it has been cleaned' e-mail, and its two answers. */
  isItCleanNow: 'Is it clean now?',
  yesClean: 'Yes, it is clean',
  noNotClean: "No, it's back",
  thanksClean: 'Thank you for letting us know, and for helping to make Edinburgh cleaner!',
  notCleanTitle: 'Sorry it is not clean',
  notCleanHelp: 'Send a photo of it as it is now and we will report it again.',
  /** Refusals. */
  notFound: 'Report not found',
  notCleaned: 'This site has not been cleaned yet. Add your photo to the open report instead.',
  alreadyBack: (id: number) =>
    `This site has been reported again already (report #${id}). Add your photo to that report instead.`,
  notThisSite:
    'These words are more than 25 m from the cleaned site. If the graffiti is somewhere else, please make a new report.',
  tooManyEverywhere: 'Too many sites have been reported again just now. Please try again in a few minutes.',
  /** The administrators' history of a site. */
  historyButton: 'Site history',
  historyLoading: 'Loading the site history...',
  historyFailed: 'The site history could not be loaded.',
  mostRetaggedTitle: 'Most re-tagged sites',
  mostRetaggedHelp: 'The sites tagged again most often after they were cleaned.',
  mostRetaggedEmpty: 'No site has been tagged again after cleaning yet.',
} as const;

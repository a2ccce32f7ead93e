import { addCatalogue, addLanguageLoader } from '../../lib/i18n';

/**
 * Strings of the kiosk screens (issue 14; spec 002 §2 Kiosk screens, §8). Written for a stranger
 * in a school lobby: short sentences, what to do next, never a staff term. Spanish in i18n.es.ts.
 */
export const kioskEn = {
  kiosk: {
    emergency: {
      heading: 'Please follow the instructions of school staff',
      drill: 'This is a drill.',
      paused: 'Signing in is paused for now. Nobody can sign in at this kiosk until it is over.',
      Lockdown:
        'LOCKDOWN. Move away from doors and windows, stay out of sight and stay quiet. If you are outside the building, leave the area and do not try to come in.',
      Secure:
        'SECURE. The outside doors are locked and nobody may come in or leave for now. Please wait calmly here; school staff will tell you when it is over.',
      Shelter: 'SHELTER. Move away from windows and follow school staff to the safe area of the building.',
      Evacuate:
        'EVACUATE. Leave the building calmly by the nearest exit and follow school staff to the meeting place. Do not use the elevators.',
    },
    language: 'Language',
    welcome: 'Welcome',
    chooseAction: 'Touch a button to start.',
    back: 'Back',
    cancel: 'Start over',
    next: 'Next',
    done: 'Done',
    loading: 'One moment…',
    loadFailed: 'This kiosk cannot reach the office system. Please see the front office.',
    retry: 'Try again',
    // issue 25: a server sentence with no Spanish yet is never shown in English to a Spanish speaker
    serverFallback: 'We could not finish this here. Please see the front office.',
    banner: {
      title: 'Before you sign in',
      yes: 'Yes',
      no: 'No',
      question: 'Question {{n}} of {{count}}',
      // the default health questions (DEFAULT_HEALTH_QUESTIONS) in each visitor language; a district's own wording stays as written
      defaultQuestion1:
        'In the last 14 days, have you been in close contact with anyone diagnosed with a contagious illness such as COVID-19?',
      defaultQuestion2:
        'In the last 30 days, have you traveled to a country that health authorities consider high-risk?',
    },
    identify: {
      titleVisitor: 'Sign in as a visitor',
      titleBadge: 'Sign in with your badge',
      titleCheckOut: 'Sign out',
      scanHint: 'Scan your driver’s licence or badge under the scanner, or type your name below.',
      scanBadgeHint: 'Hold your SafeVisitor badge under the scanner.',
      scanning: 'Reading your card…',
      useCamera: 'Use the camera instead',
      hideCamera: 'Hide the camera',
      orType: 'Or type your name and date of birth',
      firstName: 'First name',
      lastName: 'Last name',
      dob: 'Date of birth',
      dobHint: 'Month / day / year, for example 04/23/1985',
      dobPlaceholder: 'mm/dd/yyyy',
      dobInvalid: 'Enter your date of birth as month/day/year.',
      required: 'Please fill this in.',
      nameCharacters: 'A name can contain only letters, spaces, apostrophes, hyphens and periods.',
      nameNoLetters: 'A name must contain at least one letter.',
      notFound: 'We could not find you. Check what you typed, or see the front office.',
      badgeRefused: 'This badge cannot be used to sign in today: {{reason}} Please see the front office.',
      choose: 'Which one is you?',
    },
    details: {
      title: 'About your visit',
      reason: 'Reason for your visit',
      personVisiting: 'Who are you visiting?',
      hostNoMatch: "Not in the list? That's fine: we will use the name you typed.",
    },
    photo: {
      title: 'Your photo',
      hint: 'Look at the camera and touch “Take photo”.',
      take: 'Take photo',
      retake: 'Take again',
      use: 'Use this photo',
      starting: 'Starting the camera…',
      failed: 'The camera is not working. Please see the front office.',
      alt: 'Your photo',
    },
    submitting: 'Sending your sign-in to the office…',
    checking: 'Checking you in. This takes a few seconds…',
    // issue 28 §3: arrival with a visitor pass
    pass: {
      welcome: 'Welcome, {{name}}',
      visiting: 'You are here to see {{host}} at {{building}}.',
      expected: 'You are expected at {{building}}.',
      checkIn: 'Check in',
    },
    checkOut: {
      submit: 'Sign out',
      working: 'Signing you out…',
      none: 'You are not signed in at this building. Please see the front office.',
    },
    thankYou: {
      title: 'Thank you',
      checkedIn: 'You are signed in. Please take your badge from the printer and wear it where it can be seen.',
      checkedInNoBadge: 'You are signed in. Please collect your badge at the front office.',
      arrival: 'The front office has your sign-in. Please wait here: someone will be with you shortly.',
      checkedOut: 'You are signed out. Have a good day!',
      queued:
        'We could not reach the office system, so this kiosk is holding your request and will send it as soon as the connection is back. You are not signed in yet: please see the front office.',
      queuedCheckOut:
        'We could not reach the office system. Your sign-out is saved on this kiosk and will be sent as soon as the connection is back.',
    },
    // issue 29 §3 (WCAG 2.2.1): a timed return to the start screen the visitor can stop
    autoReturn: {
      countdown: 'Going back to the start screen in {{seconds}} s.',
      stay: 'Stay on this screen',
      stayed: 'This screen stays until you go back.',
      back: 'Back to the start screen',
    },
    problem: {
      title: 'Please see the front office',
      body: 'We could not finish signing you in here. Please go to the front office: the staff have been told you are here.',
      healthBody:
        'Thank you for telling us. Please do not go further into the building: go to the front office, and the staff will help you.',
      startOver: 'Back to the start screen',
    },
    offline: {
      banner: 'No connection to the office system.',
      waiting_one: '{{count}} request is waiting on this kiosk and will be sent when the connection returns.',
      waiting_other: '{{count}} requests are waiting on this kiosk and will be sent when the connection returns.',
      sending: 'Connection is back: sending waiting requests…',
    },
    student: {
      titleDropoff: 'Student sign in',
      titlePickup: 'Student sign out',
      // issue 25: STUDENT PICKUP with both pickup and drop-off detected (spec 002 §4 General mode)
      chooseTitle: 'What would you like to do?',
      choosePickup: 'Pick up a student',
      chooseDropoff: 'Sign in a late student',
      studentId: 'Student ID',
      lastName: 'Student’s last name',
      entryHint: 'Scan the student ID card, or type the student ID and last name.',
      check: 'Check',
      found: 'Hello, {{name}}.',
      guardianTitle: 'Who is picking up?',
      guardianHint: 'The adult picking up types their own name and date of birth.',
      reasonTitle: 'Choose a reason',
      photoTitle: 'Photo',
      submitting: 'Sending…',
      // audit 002 ksl U6: what the sentence says matches how the building prints the slip
      doneDropoff: 'You are signed in. Take your tardy slip from the printer and go to class.',
      doneDropoffWindow:
        'You are signed in. Your tardy slip is ready to print: print it from the window that opened, then go to class.',
      doneDropoffPrinterDown:
        'You are signed in. The printer did not answer, so your tardy slip opened in a window: print it there, or ask the front office for it, then go to class.',
      doneDropoffNoSlip: 'You are signed in. Ask the front office for your tardy slip, then go to class.',
      donePickup: 'The pickup is recorded. Please wait for the student at the front office.',
      // issue 22: the one-time code, and the front office when the adult cannot be verified here
      codeSentSms: 'We sent a code to your phone {{hint}}.',
      codeSentEmail: 'We sent a code to your e-mail {{hint}}.',
      codeHint: 'Type the 6 digits. The code works for {{minutes}} minutes.',
      codeLabel: 'Code',
      codeConfirm: 'Confirm',
      codeWrong: 'That code is not right. Please try again.',
      codeTriesLeft_one: '{{count}} try left.',
      codeTriesLeft_other: '{{count}} tries left.',
      officeTitle: 'Please see the front office',
      officeBody: 'Please see the front office to pick up {{name}}.',
      officeHelp: 'The staff there will help you.',
      reloading: 'Starting over in a few seconds…',
      // spec 002 §8 (MESSAGES.kioskUnableToProcess, kioskCheckInformation, noResults)
      unableToProcess: 'Unable to process request.',
      checkInformation: 'Please Check information and try again.',
      noResults: 'No results found.',
    },
    /** the default button labels (spec 002 §9) as the Spanish screen shows them; a district's own label is shown as typed */
    labels: {
      visitor: 'KIOSK TEMPORARY VISITOR',
      checkIn: 'KIOSK SAFEVISITOR ID BADGE CHECK IN',
      checkOut: 'Visitor / Volunteer Checkout',
      pickup: 'STUDENT PICKUP',
      studentCheckIn: 'KIOSK STUDENT CHECK IN',
      studentCheckOut: 'KIOSK STUDENT CHECK OUT',
    },
  },
};
addCatalogue('en', kioskEn);

// the other visitor languages load on demand (issue 29 §1, ADR 0054)
addLanguageLoader((lng) => import(`./i18n.${lng}.ts`));

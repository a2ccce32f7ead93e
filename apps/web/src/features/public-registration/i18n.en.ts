import { addCatalogue, addLanguageLoader } from '../../lib/i18n';

/** Strings of the public registration form (issue 11). Spanish in i18n.es.ts with the same keys. */
addCatalogue('en', {
  publicRegistration: {
    pageTitle: 'Registration',
    language: 'Language',
    heading: '{{type}} registration',
    intro: 'Fill in this form to register with {{district}}. Fields marked * are required.',
    /** ADR 0038: the form opened from a renewal invitation */
    renewal:
      'You are renewing your registration, which expires on {{date}}. We filled in the form from it: check your details, type your date of birth and sign again.',
    renewalWithPhoto:
      'You are renewing your registration, which expires on {{date}}. We filled in the form from it: check your details, type your date of birth and sign again. Your photo on file is kept unless you choose a new one.',
    loading: 'Loading the form…',
    notFound: 'This registration form was not found. Check the link you were given.',
    invalidLink:
      'This invitation link is no longer valid. Use the link in the most recent message you received, or ask the district office for a new invitation.',
    rateLimited: 'Too many attempts from your connection. Please wait 10 minutes and try again.',
    failed: 'Something went wrong. Check your connection and try again.',
    fixErrors: 'Please correct the fields marked in red.',
    section: {
      about: 'About you',
      address: 'Address',
      contact: 'How to reach you',
      photo: 'Photo',
      questions: 'Additional questions',
      consent: 'Disclosure and authorization',
      signature: 'Signature',
    },
    field: {
      firstname: 'First name',
      middlename: 'Middle name',
      lastname: 'Last name',
      dob: 'Date of birth',
      dobHint: 'mm/dd/yyyy',
      street1: 'Street address',
      street2: 'Apartment, suite, unit (optional)',
      city: 'City',
      state: 'State',
      statePlaceholder: 'Choose your state',
      zipcode: 'ZIP code',
      email: 'Email',
      phone: 'Phone',
      photo: 'Take or choose a photo of your face',
      photoHint: 'Used for your visitor badge. Up to 10 MB.',
      photoChoose: 'Take or choose a photo',
      photoChange: 'Change photo',
      photoRemove: 'Remove photo',
      photoAlt: 'Your photo',
      disclosure: 'Disclosure',
      authorization: 'Authorization',
      agree: 'I have read the disclosure and authorization and I agree.',
      signatureKind: 'How do you want to sign?',
      typed: 'Type my name',
      drawn: 'Draw my signature',
      typedLabel: 'Type your full name as your signature',
      drawnLabel: 'Sign with your finger or mouse in the box',
      clearSignature: 'Clear signature',
      website: 'Website',
    },
    errors: {
      required: 'This field is required',
      // issue 25: a server sentence with no Spanish yet
      invalid: 'Check this field.',
      nameCharacters: 'A name can contain only letters, spaces, apostrophes, hyphens and periods.',
      nameNoLetters: 'A name must contain at least one letter.',
      firstname: 'Enter your first name',
      lastname: 'Enter your last name',
      dob: 'Enter your date of birth (mm/dd/yyyy)',
      dobFuture: 'The date of birth must be before today',
      street1: 'Enter your street address',
      city: 'Enter your city',
      state: 'Choose your state',
      zipcode: 'Enter a 5-digit ZIP code',
      email: 'Enter a valid email',
      phone: 'Enter your phone number',
      photoTooLarge: 'The photo is larger than 10 MB. Choose a smaller one.',
      photoType: 'Choose a JPEG, PNG or WebP photo.',
      signature: 'Sign the form',
      agreed: 'Read and accept the disclosure and authorization',
    },
    submit: 'Submit registration',
    submitting: 'Sending…',
    done: {
      title: 'Thank you! Your registration was received.',
      reference: 'Your reference number',
      next: 'The district office will review your registration and contact you. We sent a confirmation to your e-mail.',
    },
  },
});

// the other visitor languages load on demand (issue 29 §1, ADR 0054)
addLanguageLoader((lng) => import(`./i18n.${lng}.ts`));

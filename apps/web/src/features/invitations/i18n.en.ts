import { addCatalogue } from '../../lib/i18n';

/** Strings of the Send Registration screen (spec 001 §2 "Send registration", §5, §8). */
addCatalogue('en', {
  invitations: {
    title: 'Send Registration',
    intro:
      'Invite people to fill in a registration form. Each person gets a personal link by e-mail, or by text message when only a phone number is given.',
    district: 'District',
    districtPlaceholder: 'Choose a district',
    individual: {
      title: 'Invite one person',
      firstname: 'First name',
      lastname: 'Last name',
      email: 'Email',
      phone: 'Phone',
      contactHint: 'An e-mail or a phone number is required.',
      expDate: 'Expiration date',
      type: 'Registration type',
      typePlaceholder: 'Choose a registration type',
      send: 'Send invitation',
      sent: 'Invitation sent to {{name}}.',
      failed: 'The invitation was not sent.',
    },
    bulk: {
      title: 'Invite many from a file',
      hint: 'A CSV or Excel file with the columns FirstName, LastName, Email, Phone and ExpirationDate. People who already have an open invitation are skipped.',
      type: 'Registration type',
      file: 'File',
      filePlaceholder: 'Choose a .csv or .xlsx file',
      upload: 'Upload and Send',
      uploading: 'Uploading...',
      sample: 'Sample file:',
      sampleCsv: 'CSV',
      sampleXlsx: 'Excel',
      done: 'The file was processed.',
      sent: 'Invitations sent',
      failed: 'Upload failed',
    },
    errors: {
      firstname: 'First name is required',
      lastname: 'Last name is required',
      contact: 'Email or phone is required',
      email: 'Enter a valid email',
      expDate: 'Expiration date is required',
      expDatePast: 'The expiration date cannot be before today',
      type: 'Registration type is required',
      file: 'Choose a file',
    },
    noTypes: 'This district has no active registration types yet.',
  },
});

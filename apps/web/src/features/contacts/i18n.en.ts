import { addCatalogue } from '../../lib/i18n';

/** Strings of the Contacts screen and the contact editor (spec 000 §2 Contacts screen). */
addCatalogue('en', {
  contacts: {
    title: 'Contacts',
    intro: 'People told about screening matches and emergency messages, for the whole district or one building.',
    add: 'Add contact',
    tableCaption: 'Contacts',
    empty: 'No contacts match these filters.',
    col: {
      name: 'Name',
      type: 'Type',
      appliesTo: 'Applies to',
      building: 'Building',
      client: 'District',
      email: 'Email',
      mobile: 'Mobile',
      levels: 'Notify levels',
      status: 'Status',
      actions: 'Actions',
    },
    editContact: 'Edit {{name}}',
    addTitle: 'Add Contact',
    editTitle: 'Edit Contact',
    loadFailed: 'The contact could not be loaded.',
    saved: 'Contact saved.',
    type: { Global: 'Global', Building: 'Building' },
    typeHelp: {
      Global: 'District-wide: told about every building.',
      Building: 'Told about one building only.',
    },
    field: {
      contactType: 'Type',
      client: 'District',
      building: 'Building',
      name: 'Name',
      title: 'Title',
      email: 'Email',
      mobile: 'Mobile',
      active: 'Active',
      receivesEmergency: 'Receives emergency messages',
      confidenceLevelNotification: 'Notify about matches of these confidence levels',
      confidenceLevelBadge: 'Flag badges for matches of these confidence levels',
    },
    levelsHelp: 'Leave empty for none. Only administrators and users with elevated reports see these settings.',
    levelsHidden:
      'Which match confidence levels this contact is told about is set by administrators and by users with Elevated reports switched on (Manage Users → Edit User). Until then the contact keeps the levels already saved.',
    reachHelp: 'An e-mail address or a mobile number is needed.',
    none: 'None',
    allLevels: 'All levels',
    // one word for it everywhere (audit 000 U11: the building row said 'District-wide')
    districtWide: 'District-wide',
    levels: {
      1: 'Exact Moderate',
      2: 'Exact Strong',
      3: 'Exact Very Strong',
      4: 'Mixed Moderate',
      5: 'Mixed Strong',
      6: 'Mixed Very Strong',
    },
  },
});

import { addCatalogue } from '../../lib/i18n';

/** Strings of the system settings and student reasons screens (merged into the catalogue by lib/i18n). */
addCatalogue('en', {
  settings: {
    intro: 'Links for visitors and volunteers, and the connection to the student information system.',
    client: 'District',
    chooseClient: 'Choose a district',
    chooseClientFirst: 'Choose a district to see its settings.',
    linksTitle: 'Visitor and volunteer links',
    linksHint:
      'The addresses where visitors and volunteers register with the district: one for each active registration type. Share them, for example on the district’s website.',
    registrationLinks: {
      none: 'No active registration types yet: add one under Registration Types and its link appears here.',
      copy: 'Copy link',
      copied: 'Copied',
      copyLabel: 'Copy the link of {{name}}',
      manage: 'Manage registration types',
    },
    saved: 'Settings saved.',
    skywardTitle: 'Skyward connection',
    skywardHint: 'Checks that SafeVisitor can sign in to the student information system with the saved settings.',
    skywardStatus: 'Skyward student pickup:',
    skywardOn: 'On',
    skywardOff: 'Off',
    sisNotConfigured:
      'No server address is saved yet. Add it under Student information system in the district settings.',
    editConnection: 'Change the connection settings',
    reasons: {
      intro: 'Reasons staff and students choose when a student leaves early or arrives late.',
      pickup: 'Pickup reasons',
      dropoff: 'Drop-off reasons',
      pickupHint: 'Offered when a guardian picks a student up early.',
      dropoffHint: 'Offered when a student arrives late. Excused reasons are marked on the tardy slip.',
      addPickup: 'Add pickup reason',
      addDropoff: 'Add drop-off reason',
      editTitle: 'Edit reason',
      editReason: 'Edit {{name}}',
      activeOnly: 'Show active reasons only',
      empty: 'No reasons yet.',
      col: { order: 'Order', name: 'Reason', excused: 'Excused', status: 'Status' },
      excused: 'Excused',
      unexcused: 'Unexcused',
      name: 'Reason',
      // issue 25 (ADR 0034): the kiosk shows reasons in the visitor's language
      nameEs: 'Reason in Spanish (optional)',
      nameEsHint: 'Shown at the kiosk in Spanish. Without it, Spanish speakers see the reason above.',
      isExcused: 'Excused absence',
      isExcusedHint: 'The late arrival counts as excused.',
      sortOrder: 'Order',
      sortOrderHint: 'Lower numbers are listed first.',
      active: 'Active',
      activeHint: 'Inactive reasons are no longer offered; past records keep them.',
      saved: '{{name}} saved.',
    },
  },
});

/** Links are built here, never as string literals in components (architecture guide §12). */
export const paths = {
  home: '/',
  login: '/Account/Login',
  kioskLogin: '/safe/kiosk/login',
  /** a district's sign-in link (issue 30 §1) */
  districtLoginRoute: '/login/:district',
  kiosk: (id?: number | string) => (id ? `/safe/kiosk/${id}` : '/safe/kiosk'),
  kioskThankYou: '/safe/kioskthankyou',
  kioskProblem: '/safe/kioskproblem',
  setPassword: '/Account/SetPassword',
  forgotPassword: '/Account/ForgotPassword',
  microsoftSignOut: '/Account/MicrosoftSignOut',
  clients: '/client',
  clientEdit: (id: number | 'new') => `/client/edit/${id}`,
  clientSettings: (id: number) => `/client/settings/${id}`,
  clientKioskSettings: (id: number) => `/client/kiosksettings/${id}`,
  clientBgSettings: (id: number) => `/client/bgsettings/${id}`,
  /** issue 30 (ADR 0052) */
  clientSsoSettings: (id: number) => `/client/sso/${id}`,
  regTypes: (clientId: number) => `/client/regTypes/${clientId}`,
  regTypeEdit: (clientId: number, id: number | 'new') => `/client/regTypes/${clientId}/${id}`,
  users: (list?: 'clientadmin' | 'attendant') => (list ? `/user/${list}` : '/user'),
  buildings: '/building',
  contacts: '/contact',
  exclusions: '/exclusion',
  settings: '/settings',
  studentReasons: '/settings/studentreasons',
  outbox: '/outbox',
  registrations: '/registration',
  registrationAdd: '/registration/add',
  /** send invitations (spec 001 §2; built with the invitations feature) */
  registrationSend: '/registration/send',
  registrationEdit: (id: number) => `/registration/${id}`,
  /** spec 001 §2 windows: a registration badge's print window, and several badges' (ids are not personal data) */
  registrationBadgeWindow: (ids: number[]) =>
    ids.length === 1 ? `/Badge/PrintRegistration/${ids[0]}` : `/Badge/PrintRegistrations/?ids=${ids.join(',')}`,
  /** the public registration form of a registration type (issue 11; no sign-in) */
  publicRegistration: (clientId: number | string, code: string) => `/register/${clientId}/${encodeURIComponent(code)}`,
  publicRegistrationRoute: '/register/:clientId/:code',
  // SafeVendor (spec 001 §2)
  svRegistrations: '/svregistration',
  svRegistrationAdd: '/svregistration/add',
  svRegistrationEdit: (id: number) => `/svregistration/${id}`,
  vendorCompanies: '/safeVendorCompanies',
  /** spec 001 §2 windows: SafeVendor badges' print window, and the information download */
  svBadgeWindow: (ids: number[]) =>
    ids.length === 1 ? `/Badge/PrintSVRegistration/${ids[0]}` : `/Badge/PrintSVRegistrations/?ids=${ids.join(',')}`,
  svInformation: (id: number) => `/SVRegistration/Info/${id}`,
  // ADR 0017: the personal arrival link of the approval e-mail (the token is the only thing in it)
  arriveRoute: '/arrive/:token',
  /** issue 27 §3: the families' reunification pre-request page (server: publicPathOf) */
  reunifyRoute: '/reunify/:token',
  nearbyLog: '/NearbyLog',
  visitLog: '/log',
  vendorLog: '/Vendorlog',
  deniedEntries: '/deniedEntries',
  onSite: (buildingId?: number | null, at?: { date: string; time: string }) => {
    // issue 25: the roster at a local date and time (not personal data: it may sit in the URL)
    const params = new URLSearchParams();
    if (buildingId) params.set('building', String(buildingId));
    if (at) {
      params.set('date', at.date);
      params.set('time', at.time);
    }
    const qs = params.toString();
    return qs ? `/onsite?${qs}` : '/onsite';
  },
  // front desk (spec 002 §2)
  newVisitor: '/visitor/verify/0',
  /** the visitor form prefilled from a scanned licence (the licence travels in navigation state) */
  newVisitorFromLicense: '/verify/license/0',
  verify: (type: string, visitorId: number | string) => `/verify/${type}/${visitorId}`,
  background: (type: string, visitorId: number | string, preRegId?: number | string | null) =>
    preRegId ? `/background/${type}/${visitorId}/${preRegId}` : `/background/${type}/${visitorId}`,
  checkIn: (visitorId: number | string) => `/visitor/checkin/${visitorId}`,
  checkOut: (visitorId: number | string) => `/visitor/checkout/${visitorId}`,
  badge: (visitorId: number | string) => `/visitor/badge/${visitorId}`,
  checkedIn: (type: string, id: number | string) => `/visitor/in/${type}/${id}`,
  checkedOut: '/visitor/out',
  /** spec 000 §2 top-navigation visitor search; the text stays in the browser (the API gets it in a body) */
  visitorSearch: (text: string) => `/visitors/search/${encodeURIComponent(text)}`,
  /** spec 002 §7 window: the badge's print window (opened with window.open) */
  badgeWindow: (visitId: number) => `/Badge/print/${visitId}`,
  /** issue 23 §7: the print window of a building's test page (the building form's PDF way) */
  buildingTestPageWindow: (buildingId: number) => `/Building/PrintTestPage/${buildingId}`,
  // students (spec 002 §2; issue 12): nameId is the student's database id, never a name
  studentPickup: (id: number) => `/student/pickup/${id}`,
  studentPickupSis: (id: number) => `/student/pickupSIS/${id}`,
  studentDropoff: (id: number) => `/student/dropoffSIS/${id}`,
  pickupLog: '/PickupLog',
  /** administrators (roles 1, 2): per student, who may pick up, who may not, time-limited exceptions */
  pickupAuthorizations: (studentId?: number) =>
    studentId ? `/student/authorizations/${studentId}` : '/student/authorizations',
  /** a stored photo */
  file: (fileId: string) => `/api/files/${fileId}`,
};

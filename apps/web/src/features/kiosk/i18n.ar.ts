import { addCatalogue } from '../../lib/i18n';
import type { kioskEn } from './i18n.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Arabic (Modern Standard) of the kiosk screens (issue 29 §1), keys of i18n.en.ts. */
const kioskAr: Shape<typeof kioskEn> = {
  kiosk: {
    emergency: {
      heading: 'يُرجى اتباع تعليمات موظفي المدرسة',
      drill: 'هذا تمرين.',
      paused: 'تسجيل الدخول متوقف مؤقتًا. لا يمكن لأحد تسجيل الدخول من هذا الجهاز حتى ينتهي ذلك.',
      Lockdown:
        'إغلاق طارئ. يُرجى الابتعاد عن الأبواب والنوافذ، والبقاء بعيدًا عن الأنظار، والتزام الهدوء. إذا كنت خارج المبنى، فيُرجى مغادرة المنطقة وعدم محاولة الدخول.',
      Secure:
        'تأمين المبنى. الأبواب الخارجية مقفلة، ولا يُسمح لأحد بالدخول أو الخروج في الوقت الحالي. يُرجى الانتظار هنا بهدوء؛ وسيُبلغك موظفو المدرسة عند انتهاء ذلك.',
      Shelter: 'الاحتماء. يُرجى الابتعاد عن النوافذ واتباع موظفي المدرسة إلى المنطقة الآمنة في المبنى.',
      Evacuate:
        'الإخلاء. يُرجى مغادرة المبنى بهدوء من أقرب مخرج، واتباع موظفي المدرسة إلى نقطة التجمع. يُرجى عدم استخدام المصاعد.',
    },
    language: 'اللغة',
    welcome: 'مرحبًا بكم',
    chooseAction: 'يُرجى لمس أحد الأزرار للبدء.',
    back: 'رجوع',
    cancel: 'البدء من جديد',
    next: 'التالي',
    done: 'تم',
    loading: 'لحظة من فضلك…',
    loadFailed: 'لا يستطيع هذا الجهاز الاتصال بنظام المكتب. يُرجى التوجه إلى مكتب الاستقبال.',
    retry: 'إعادة المحاولة',
    serverFallback: 'تعذّر إتمام ذلك هنا. يُرجى التوجه إلى مكتب الاستقبال.',
    banner: {
      title: 'قبل تسجيل الدخول',
      yes: 'نعم',
      no: 'لا',
      question: 'السؤال {{n}} من {{count}}',
      defaultQuestion1: 'خلال الأيام الأربعة عشر الماضية، هل كنت على اتصال وثيق بأي شخص شُخِّص بمرض معدٍ مثل كوفيد-19؟',
      defaultQuestion2: 'خلال الأيام الثلاثين الماضية، هل سافرت إلى بلد تعتبره السلطات الصحية عالي الخطورة؟',
    },
    // issue 28 §3: arrival with a visitor pass
    pass: {
      welcome: 'أهلًا بك، {{name}}',
      visiting: 'أنت هنا لمقابلة {{host}} في {{building}}.',
      expected: 'أنت مُنتظَر في {{building}}.',
      checkIn: 'تسجيل الدخول',
    },
    identify: {
      titleVisitor: 'تسجيل الدخول كزائر',
      titleBadge: 'تسجيل الدخول بشارتك',
      titleCheckOut: 'تسجيل الخروج',
      scanHint: 'يُرجى وضع رخصة القيادة أو الشارة تحت الماسح الضوئي، أو كتابة اسمك أدناه.',
      scanBadgeHint: 'يُرجى وضع شارة SafeVisitor الخاصة بك تحت الماسح الضوئي.',
      scanning: 'جارٍ قراءة بطاقتك…',
      useCamera: 'استخدام الكاميرا بدلًا من ذلك',
      hideCamera: 'إخفاء الكاميرا',
      orType: 'أو اكتب اسمك وتاريخ ميلادك',
      firstName: 'الاسم الأول',
      lastName: 'اسم العائلة',
      dob: 'تاريخ الميلاد',
      dobHint: 'الشهر / اليوم / السنة، مثلًا 04/23/1985',
      dobPlaceholder: 'شهر/يوم/سنة',
      dobInvalid: 'يُرجى كتابة تاريخ ميلادك بالترتيب: الشهر/اليوم/السنة.',
      required: 'يُرجى تعبئة هذا الحقل.',
      nameCharacters: 'لا يمكن أن يحتوي الاسم إلا على حروف ومسافات وفواصل عليا وشرطات ونقاط.',
      nameNoLetters: 'يجب أن يحتوي الاسم على حرف واحد على الأقل.',
      notFound: 'لم نتمكن من العثور عليك. يُرجى التحقق مما كتبته، أو التوجه إلى مكتب الاستقبال.',
      badgeRefused: 'لا يمكن استخدام هذه الشارة لتسجيل الدخول اليوم: {{reason}} يُرجى التوجه إلى مكتب الاستقبال.',
      choose: 'أيٌّ من هؤلاء أنت؟',
    },
    details: {
      title: 'بخصوص زيارتك',
      reason: 'سبب الزيارة',
      personVisiting: 'من الشخص الذي تزوره؟',
      hostNoMatch: 'ليس في القائمة؟ لا بأس: سنستخدم الاسم الذي كتبته.',
    },
    photo: {
      title: 'صورتك',
      hint: 'يُرجى النظر إلى الكاميرا ثم لمس «التقاط صورة».',
      take: 'التقاط صورة',
      retake: 'إعادة الالتقاط',
      use: 'استخدام هذه الصورة',
      starting: 'جارٍ تشغيل الكاميرا…',
      failed: 'الكاميرا لا تعمل. يُرجى التوجه إلى مكتب الاستقبال.',
      alt: 'صورتك',
    },
    submitting: 'جارٍ إرسال تسجيل دخولك إلى المكتب…',
    checking: 'جارٍ تسجيل دخولك. يستغرق هذا بضع ثوانٍ…',
    checkOut: {
      submit: 'تسجيل الخروج',
      working: 'جارٍ تسجيل خروجك…',
      none: 'لم تسجّل دخولك في هذا المبنى. يُرجى التوجه إلى مكتب الاستقبال.',
    },
    thankYou: {
      title: 'شكرًا لك',
      checkedIn: 'تم تسجيل دخولك. يُرجى أخذ شارتك من الطابعة ووضعها في مكان ظاهر.',
      checkedInNoBadge: 'تم تسجيل دخولك. يُرجى استلام شارتك من مكتب الاستقبال.',
      arrival: 'استلم مكتب الاستقبال تسجيل دخولك. يُرجى الانتظار هنا، وسيأتي إليك أحد الموظفين قريبًا.',
      checkedOut: 'تم تسجيل خروجك. نتمنى لك يومًا سعيدًا!',
      queued:
        'تعذّر الاتصال بنظام المكتب، لذا يحتفظ هذا الجهاز بطلبك وسيرسله فور عودة الاتصال. لم يتم تسجيل دخولك بعد: يُرجى التوجه إلى مكتب الاستقبال.',
      queuedCheckOut: 'تعذّر الاتصال بنظام المكتب. تم حفظ تسجيل خروجك على هذا الجهاز، وسيُرسَل فور عودة الاتصال.',
    },
    // issue 29 §3 (WCAG 2.2.1): a timed return to the start screen the visitor can stop
    autoReturn: {
      countdown: 'الرجوع إلى شاشة البداية خلال {{seconds}} ث.',
      stay: 'البقاء على هذه الشاشة',
      stayed: 'ستبقى هذه الشاشة حتى تعود إلى البداية.',
      back: 'الرجوع إلى شاشة البداية',
    },
    problem: {
      title: 'يُرجى التوجه إلى مكتب الاستقبال',
      body: 'تعذّر إتمام تسجيل دخولك هنا. يُرجى التوجه إلى مكتب الاستقبال، فقد أُبلغ الموظفون بوجودك.',
      healthBody: 'شكرًا لإبلاغنا. يُرجى عدم التقدم أكثر داخل المبنى، والتوجه إلى مكتب الاستقبال، وسيساعدك الموظفون.',
      startOver: 'الرجوع إلى شاشة البداية',
    },
    offline: {
      banner: 'لا يوجد اتصال بنظام المكتب.',
      // worded to fit any number (Arabic has six plural forms; the others are in the block below)
      waiting_one: 'عدد الطلبات المنتظرة على هذا الجهاز: {{count}}. ستُرسَل عند عودة الاتصال.',
      waiting_other: 'عدد الطلبات المنتظرة على هذا الجهاز: {{count}}. ستُرسَل عند عودة الاتصال.',
      sending: 'عاد الاتصال: جارٍ إرسال الطلبات المنتظرة…',
    },
    student: {
      titleDropoff: 'تسجيل دخول الطلاب',
      titlePickup: 'تسجيل خروج الطلاب',
      chooseTitle: 'ماذا تودّ أن تفعل؟',
      choosePickup: 'اصطحاب طالب',
      chooseDropoff: 'تسجيل دخول طالب متأخر',
      studentId: 'رقم الطالب',
      lastName: 'اسم عائلة الطالب',
      entryHint: 'يُرجى تمرير بطاقة الطالب تحت الماسح الضوئي، أو كتابة رقم الطالب واسم عائلته.',
      check: 'تحقّق',
      found: 'مرحبًا، {{name}}.',
      guardianTitle: 'من سيصطحب الطالب؟',
      guardianHint: 'يكتب الشخص البالغ الذي سيصطحب الطالب اسمه وتاريخ ميلاده بنفسه.',
      reasonTitle: 'يُرجى اختيار السبب',
      photoTitle: 'الصورة',
      submitting: 'جارٍ الإرسال…',
      doneDropoff: 'تم تسجيل دخولك. يُرجى أخذ قسيمة التأخير من الطابعة والتوجه إلى الفصل.',
      doneDropoffWindow:
        'تم تسجيل دخولك. قسيمة التأخير جاهزة للطباعة: يُرجى طباعتها من النافذة التي فُتحت، ثم التوجه إلى الفصل.',
      doneDropoffPrinterDown:
        'تم تسجيل دخولك. لم تستجب الطابعة، لذا فُتحت قسيمة التأخير في نافذة: يُرجى طباعتها من هناك أو طلبها من مكتب الاستقبال، ثم التوجه إلى الفصل.',
      doneDropoffNoSlip: 'تم تسجيل دخولك. يُرجى طلب قسيمة التأخير من مكتب الاستقبال، ثم التوجه إلى الفصل.',
      donePickup: 'تم تسجيل اصطحاب الطالب. يُرجى انتظار الطالب في مكتب الاستقبال.',
      // issue 22: the one-time code, and the front office when the adult cannot be verified here
      codeSentSms: 'أرسلنا رمزًا إلى هاتفك {{hint}}.',
      codeSentEmail: 'أرسلنا رمزًا إلى بريدك الإلكتروني {{hint}}.',
      codeHint: 'يُرجى كتابة الأرقام الستة. الرمز صالح لمدة {{minutes}} دقيقة.',
      codeLabel: 'الرمز',
      codeConfirm: 'تأكيد',
      codeWrong: 'هذا الرمز غير صحيح. يُرجى المحاولة مرة أخرى.',
      codeTriesLeft_one: 'عدد المحاولات المتبقية: {{count}}.',
      codeTriesLeft_other: 'عدد المحاولات المتبقية: {{count}}.',
      officeTitle: 'يُرجى التوجه إلى مكتب الاستقبال',
      officeBody: 'يُرجى التوجه إلى مكتب الاستقبال لاصطحاب {{name}}.',
      officeHelp: 'سيساعدك الموظفون هناك.',
      reloading: 'البدء من جديد خلال بضع ثوانٍ…',
      unableToProcess: 'تعذّرت معالجة الطلب.',
      checkInformation: 'يُرجى التحقق من المعلومات والمحاولة مرة أخرى.',
      noResults: 'لم يتم العثور على نتائج.',
    },
    labels: {
      visitor: 'زائر مؤقت',
      checkIn: 'تسجيل الدخول بشارة SafeVisitor',
      checkOut: 'تسجيل خروج الزوار والمتطوعين',
      pickup: 'اصطحاب طالب',
      studentCheckIn: 'تسجيل دخول الطلاب',
      studentCheckOut: 'تسجيل خروج الطلاب',
    },
  },
};
addCatalogue('ar', kioskAr);

/** The kiosk shell, page titles and camera strings the kiosk shows, in Arabic. */
addCatalogue('ar', {
  titles: { kiosk: 'جهاز الخدمة الذاتية', kioskThankYou: 'شكرًا لك', kioskProblem: 'يُرجى التوجه إلى مكتب الاستقبال' },
  // the kiosk sign-in page (/safe/kiosk/login) shows the language switch too
  auth: {
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    kioskHeading: 'تسجيل دخول جهاز الخدمة الذاتية',
    kioskHint: 'سجّل الدخول بحساب جهاز الخدمة الذاتية الخاص بهذا المبنى لبدء التسجيل الذاتي.',
    kioskAdminRedirect: 'يستخدم المسؤولون جهاز الخدمة الذاتية من خلال حساب خاص بالجهاز.',
    kioskSignInFailed: 'تعذّر تسجيل دخول الجهاز. يُرجى المحاولة مرة أخرى.',
  },
  shell: {
    kioskLabel: 'جهاز الخدمة الذاتية لتسجيل الدخول',
    kioskLogout: 'تسجيل خروج الجهاز',
    kioskLogoutHint: 'للموظفين فقط: أدخل كلمة مرور حساب هذا الجهاز لتسجيل خروجه.',
    kioskLogoutConfirm: 'تسجيل خروج الجهاز',
    kioskLogoutPasswordRequired: 'أدخل كلمة مرور حساب الجهاز لتسجيل خروج هذا الجهاز.',
    kioskLogoutWrong: 'هذه ليست كلمة مرور حساب الجهاز. يبقى الجهاز مسجَّل الدخول.',
    kioskLogoutLocked: 'أُدخلت كلمات مرور خاطئة مرات كثيرة. انتظر بضع دقائق ثم حاول مرة أخرى.',
    kioskLogoutFailed: 'تعذّر تسجيل خروج الجهاز. يُرجى المحاولة مرة أخرى.',
    loading: 'جارٍ التحميل',
  },
  camera: {
    starting: 'جارٍ تشغيل الكاميرا…',
    pointAt: 'يُرجى وضع الشارة، أو الرمز الشريطي الموجود على ظهر رخصة القيادة، داخل الإطار.',
    preview: 'معاينة الكاميرا',
    denied: 'لم يُسمح باستخدام الكاميرا. يُرجى استخدام الماسح الضوئي.',
    none: 'لم يتم العثور على كاميرا. يُرجى استخدام الماسح الضوئي.',
    failed: 'تعذّر تشغيل الكاميرا. يُرجى استخدام الماسح الضوئي.',
    decoderFailed: 'تعذّرت القراءة بالكاميرا. يُرجى استخدام الماسح الضوئي.',
  },
});

/**
 * Arabic's other plural forms (CLDR: zero, one, two, few, many, other). i18next looks for the
 * form of the count (`_few` for 3–10, `_many` for 11–99, …) and, when a form is missing, shows
 * the English: the sentences above are worded to fit any number, so every form is the same.
 */
addCatalogue('ar', {
  kiosk: {
    offline: {
      waiting_zero: kioskAr.kiosk.offline.waiting_other,
      waiting_two: kioskAr.kiosk.offline.waiting_other,
      waiting_few: kioskAr.kiosk.offline.waiting_other,
      waiting_many: kioskAr.kiosk.offline.waiting_other,
    },
    student: {
      codeTriesLeft_zero: kioskAr.kiosk.student.codeTriesLeft_other,
      codeTriesLeft_two: kioskAr.kiosk.student.codeTriesLeft_other,
      codeTriesLeft_few: kioskAr.kiosk.student.codeTriesLeft_other,
      codeTriesLeft_many: kioskAr.kiosk.student.codeTriesLeft_other,
    },
  },
});

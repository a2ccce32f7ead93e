import { EMERGENCY_MESSAGES, KIOSK_MESSAGES, MESSAGES, PASS_MESSAGES } from '@sv/contracts';
import { PERSON_NAME_MESSAGES } from '@sv/domain';

/** The server's sentences a visitor can meet, in Arabic (keys: the English sentences). */
export const serverMessagesAr: Readonly<Record<string, string>> = {
  // kiosk (packages/contracts KIOSK_MESSAGES; the seeOffice sentence has its own web string)
  [KIOSK_MESSAGES.studentNotFound]: 'لا يوجد في هذه المدرسة طالب بهذا الرقم واسم العائلة.',
  [KIOSK_MESSAGES.tooManySignIns]:
    'سُجّل على هذا الجهاز عدد كبير من عمليات تسجيل الدخول خلال الدقيقة الأخيرة. يُرجى الانتظار قليلًا أو التوجه إلى مكتب الاستقبال.',
  [KIOSK_MESSAGES.tooManyHealth]: 'تم إبلاغ مكتب الاستقبال. يُرجى الانتظار قليلًا أو التوجه إلى مكتب الاستقبال.',
  [KIOSK_MESSAGES.tooManyTardies]:
    'سُجّل على هذا الجهاز عدد كبير من عمليات تسجيل دخول الطلاب خلال الدقيقة الأخيرة. يُرجى الانتظار قليلًا أو التوجه إلى مكتب الاستقبال.',
  [KIOSK_MESSAGES.tardyAlreadyRecorded]: 'سبق تسجيل دخولك اليوم. إليك قسيمة التأخير مرة أخرى.',
  [KIOSK_MESSAGES.codeWrong]: 'هذا الرمز غير صحيح. يُرجى المحاولة مرة أخرى.',
  [KIOSK_MESSAGES.pickupPhotoRequired]: 'تشترط هذه المدرسة التقاط صورة لتسجيل خروج الطالب.',
  [KIOSK_MESSAGES.hostNotFound]: 'اختر الشخص الذي تزوره من القائمة، أو اكتب اسمه.',
  [KIOSK_MESSAGES.tooManyHostSearches]: 'يرجى كتابة اسم الشخص الذي تزوره.',
  // issue 27 §1: the kiosk during an emergency state
  [EMERGENCY_MESSAGES.kioskClosed]:
    'تطبّق المدرسة حاليًا إجراءً للطوارئ، لذا لا يسجّل هذا الجهاز دخول أحد. يُرجى اتباع تعليمات موظفي المدرسة.',
  // the kiosk service's refusals
  'This building requires a photo to sign in.': 'يشترط هذا المبنى التقاط صورة لتسجيل الدخول.',
  'This school requires a photo to sign in.': 'تشترط هذه المدرسة التقاط صورة لتسجيل الدخول.',
  'The photo could not be found.': 'تعذّر العثور على الصورة. يُرجى التقاطها مرة أخرى.',
  'This code is not known here. Please start again.': 'هذا الرمز غير معروف هنا. يُرجى البدء من جديد.',
  'Scan your card or type your name and date of birth.':
    'يُرجى تمرير بطاقتك تحت الماسح الضوئي، أو كتابة اسمك وتاريخ ميلادك.',
  // a registration badge refused at the kiosk (the lookup's reason)
  [MESSAGES.registrationNotFound]: 'هذه الشارة لا تطابق أي تسجيل في هذه المنطقة التعليمية.',
  [MESSAGES.registrationPending]: 'لم تتم الموافقة على هذا التسجيل بعد.',
  [MESSAGES.registrationDenied]: 'تم رفض هذا التسجيل.',
  [MESSAGES.registrationExpired]: 'انتهت صلاحية هذا التسجيل. يُرجى أن تطلب من المكتب تجديده.',
  [MESSAGES.registrationUnderReview]: 'هذا التسجيل قيد المراجعة.',
  [MESSAGES.registrationSuspended]:
    'هذا التسجيل معلّق إلى حين مراجعة تنبيه بشأن اعتقال. يُرجى التواصل مع مكتب المنطقة التعليمية.',
  [MESSAGES.registrationNotThisBuilding]: 'هذا التسجيل غير صالح في هذا المبنى.',
  // spec 002 §8 (student information system)
  [MESSAGES.skywardFailed]: 'تعذّر الاتصال بخادم Skyward. يُرجى المحاولة لاحقًا أو التواصل مع المسؤول.',
  [MESSAGES.guardiansSisError]:
    'تعذّر الحصول على قائمة أولياء الأمور المصرّح لهم باصطحاب الطالب. يُرجى المحاولة مرة أخرى أو التواصل مع المسؤول.',
  [MESSAGES.kioskUnableToProcess]: 'تعذّرت معالجة الطلب.',
  [MESSAGES.kioskCheckInformation]: 'يُرجى التحقق من المعلومات والمحاولة مرة أخرى.',
  // the kiosk's own sign-in and log-out
  [MESSAGES.invalidCredentials]: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  [MESSAGES.tooManyAttempts]: 'محاولات تسجيل دخول كثيرة جدًا. انتظر بضع دقائق ثم حاول مرة أخرى.',
  [MESSAGES.kioskAccountsOnly]:
    'لا يمكن تسجيل الدخول هنا إلا بحسابات أجهزة الخدمة الذاتية. يستخدم المسؤولون جهاز الخدمة الذاتية من خلال حساب خاص بالجهاز.',
  [MESSAGES.sessionExpired]: 'انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  [MESSAGES.kioskLogoutPasswordRequired]: 'أدخل كلمة مرور حساب الجهاز لتسجيل خروج هذا الجهاز.',
  [MESSAGES.kioskLogoutPasswordWrong]: 'هذه ليست كلمة مرور حساب الجهاز. يبقى الجهاز مسجَّل الدخول.',
  // the public form's photo, as the server refuses it
  'The photo must be a JPEG, PNG or WebP image.': 'يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP.',
  'The photo is larger than 10 MB.': 'حجم الصورة أكبر من 10 ميغابايت. يُرجى اختيار صورة أصغر.',
  // names typed at the kiosk or on a public form (the one person-name rule)
  [PERSON_NAME_MESSAGES.noLetters]: 'يجب أن يحتوي الاسم على حرف واحد على الأقل.',
  [PERSON_NAME_MESSAGES.characters]: 'لا يمكن أن يحتوي الاسم إلا على حروف ومسافات وفواصل عليا وشرطات ونقاط.',
  Required: 'يُرجى تعبئة هذا الحقل.',
  // issue 28 §3: a visitor pass the kiosk refuses
  [PASS_MESSAGES.invalid]: 'تعذّرت قراءة هذا التصريح. يُرجى التوجه إلى مكتب الاستقبال.',
  [PASS_MESSAGES.revoked]: 'تم إلغاء هذا التصريح. يُرجى التوجه إلى مكتب الاستقبال.',
  [PASS_MESSAGES.early]:
    'هذا التصريح غير صالح بعد. يُرجى العودة في الموعد المذكور في دعوتك، أو التوجه إلى مكتب الاستقبال.',
  [PASS_MESSAGES.expired]: 'انتهت صلاحية هذا التصريح. يُرجى التوجه إلى مكتب الاستقبال.',
  [PASS_MESSAGES.otherBuilding]: 'هذا التصريح لمبنى آخر. يُرجى التوجه إلى مكتب الاستقبال.',
  [PASS_MESSAGES.used]: 'تم استخدام هذا التصريح من قبل.',
};

import { EMERGENCY_MESSAGES, KIOSK_MESSAGES, MESSAGES, PASS_MESSAGES } from '@sv/contracts';
import { PERSON_NAME_MESSAGES } from '@sv/domain';

/** The server's sentences a visitor can meet, in Simplified Chinese (keys: the English sentences). */
export const serverMessagesZh: Readonly<Record<string, string>> = {
  // kiosk (packages/contracts KIOSK_MESSAGES; the seeOffice sentence has its own web string)
  [KIOSK_MESSAGES.studentNotFound]: '本校没有学号和姓氏都与此相符的学生。',
  [KIOSK_MESSAGES.tooManySignIns]: '过去一分钟内本机的签到次数过多。请稍候，或到前台办理。',
  [KIOSK_MESSAGES.tooManyHealth]: '前台已收到通知。请稍候，或到前台办理。',
  [KIOSK_MESSAGES.tooManyTardies]: '过去一分钟内本机的学生签到次数过多。请稍候，或到前台办理。',
  [KIOSK_MESSAGES.tardyAlreadyRecorded]: '你今天已经签到过了。再给你一份迟到单。',
  [KIOSK_MESSAGES.codeWrong]: '验证码不正确。请重试。',
  [KIOSK_MESSAGES.pickupPhotoRequired]: '本校要求为学生签退时拍照。',
  [KIOSK_MESSAGES.hostNotFound]: '请从列表中选择您要拜访的人，或输入其姓名。',
  [KIOSK_MESSAGES.tooManyHostSearches]: '请输入您要拜访的人的姓名。',
  // issue 27 §1: the kiosk during an emergency state
  [EMERGENCY_MESSAGES.kioskClosed]: '学校正在执行紧急程序，因此本机暂停签到。请听从学校工作人员的指示。',
  // the kiosk service's refusals
  'This building requires a photo to sign in.': '本楼要求签到时拍照。',
  'This school requires a photo to sign in.': '本校要求签到时拍照。',
  'The photo could not be found.': '找不到照片。请重新拍照。',
  'This code is not known here. Please start again.': '此处无法识别该代码。请重新开始。',
  'Scan your card or type your name and date of birth.': '请扫描您的证件，或输入您的姓名和出生日期。',
  // a registration badge refused at the kiosk (the lookup's reason)
  [MESSAGES.registrationNotFound]: '此胸卡与本学区的任何登记都不匹配。',
  [MESSAGES.registrationPending]: '此登记尚未获得批准。',
  [MESSAGES.registrationDenied]: '此登记已被拒绝。',
  [MESSAGES.registrationExpired]: '此登记已过期。请让办公室为您续办。',
  [MESSAGES.registrationUnderReview]: '此登记正在审核中。',
  [MESSAGES.registrationSuspended]: '此登记因逮捕记录审查而暂停。请联系学区办公室。',
  [MESSAGES.registrationNotThisBuilding]: '此登记在本楼无效。',
  // spec 002 §8 (student information system)
  [MESSAGES.skywardFailed]: '无法连接 Skyward 服务器。请稍后再试，或联系您的管理员。',
  [MESSAGES.guardiansSisError]: '无法获取获准接学生的监护人名单。请重试，或联系您的管理员。',
  [MESSAGES.kioskUnableToProcess]: '无法处理该请求。',
  [MESSAGES.kioskCheckInformation]: '请检查信息后重试。',
  // the kiosk's own sign-in and log-out
  [MESSAGES.invalidCredentials]: '电子邮箱或密码不正确。',
  [MESSAGES.tooManyAttempts]: '登录尝试次数过多。请等几分钟后重试。',
  [MESSAGES.kioskAccountsOnly]: '只有自助签到机账户可以在此登录。管理员需通过自助签到机账户使用自助签到机。',
  [MESSAGES.sessionExpired]: '您的会话已结束。请重新登录。',
  [MESSAGES.kioskLogoutPasswordRequired]: '请输入自助签到机账户的密码，以退出本机登录。',
  [MESSAGES.kioskLogoutPasswordWrong]: '这不是自助签到机账户的密码。本机仍保持登录。',
  // the public form's photo, as the server refuses it
  'The photo must be a JPEG, PNG or WebP image.': '照片必须是 JPEG、PNG 或 WebP 格式的图片。',
  'The photo is larger than 10 MB.': '照片超过 10 MB。请选择较小的照片。',
  // names typed at the kiosk or on a public form (the one person-name rule)
  [PERSON_NAME_MESSAGES.noLetters]: '姓名必须至少包含一个字母。',
  [PERSON_NAME_MESSAGES.characters]: '姓名只能包含字母、空格、撇号、连字符和句点。',
  Required: '请填写此项。',
  // issue 28 §3: a visitor pass the kiosk refuses
  [PASS_MESSAGES.invalid]: '无法读取此通行证。请到前台办理。',
  [PASS_MESSAGES.revoked]: '此通行证已被取消。请到前台办理。',
  [PASS_MESSAGES.early]: '此通行证尚未生效。请在邀请上的时间再来，或到前台办理。',
  [PASS_MESSAGES.expired]: '此通行证已过期。请到前台办理。',
  [PASS_MESSAGES.otherBuilding]: '此通行证适用于其他楼宇。请到前台办理。',
  [PASS_MESSAGES.used]: '此通行证已被使用。',
};

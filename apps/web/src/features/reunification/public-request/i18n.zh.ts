import { addCatalogue } from '../../../lib/i18n';

/** Simplified Chinese of the public pre-request page (issue 27 §3, issue 29 §1), keys of i18n.en.ts. */
addCatalogue('zh', {
  reunifyPublic: {
    title: '学生与家人团聚',
    intro:
      '{{building}}（{{district}}）正在安排学生与家人团聚。请告诉我们您是谁，以及您要接哪些孩子。工作人员在交出任何孩子之前，都会核对您的带照片证件。',
    adultFirst: '您的名字',
    adultLast: '您的姓氏',
    phone: '手机号码（可选）',
    child: '孩子 {{n}}',
    childFirst: '名字',
    childLast: '姓氏',
    addChild: '再添加一个孩子',
    removeChild: '删除',
    submit: '发送我的申请',
    done: '我们已收到您的申请。请携带带照片的证件前往团聚区域，工作人员会叫您的名字。',
    closed: '此团聚链接已关闭。请联系学校。',
    rateLimited: '您的网络连接发出的请求过多。请等待 10 分钟后再试。',
    failed: '出现问题。请检查网络连接后重试。',
    loading: '正在加载…',
    required: '必填',
  },
});

import type { AnswerMessages } from './answer-messages';

/** `2024-01-31` as `2024年1月31日`. */
const chineseDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};

export const ZH_CN_ANSWER_MESSAGES: AnswerMessages = {
  required: '此题为必答题。',
  textExpected: '请输入文字。',
  minLength: (n) => `请至少输入 ${n} 个字符。`,
  maxLength: (n) => `最多只能输入 ${n} 个字符。`,
  numberExpected: '请输入数字。',
  integerExpected: '请输入整数。',
  minValue: (min) => `数值必须大于或等于 ${min}。`,
  maxValue: (max) => `数值必须小于或等于 ${max}。`,
  email: '请输入有效的电子邮箱地址。',
  phone: '请输入有效的电话号码。',
  mobile: '请输入有效的手机号码（9 位数字）。',
  date: '请输入有效的日期（年-月-日）。',
  dateMin: (date) => `日期不得早于 ${chineseDate(date)}。`,
  dateMax: (date) => `日期不得晚于 ${chineseDate(date)}。`,
  time: '请输入有效的时间（时:分）。',
  timeMin: (time) => `时间不得早于 ${time}。`,
  timeMax: (time) => `时间不得晚于 ${time}。`,
  choice: '请从列表中选择一个选项。',
  choices: '请从列表中选择选项。',
  minChoices: (n) => `请至少选择 ${n} 个选项。`,
  maxChoices: (n) => `最多只能选择 ${n} 个选项。`,
  ranking: '请为列表中的所有选项排序。',
  yesNo: '请回答“是”或“否”。',
  rating: (max) => `请选择 1 到 ${max} 之间的评分。`,
  scale: (min, max) => `请选择 ${min} 到 ${max} 之间的数值。`,
  matrixMisconfigured: '矩阵题配置有误。',
  matrixEveryRow: '请为每一行作答。',
  matrixUnknownRow: '未知的矩阵行。',
  matrixColumn: '请为每一行选择矩阵中的一列。',
  matrixOneColumn: '每行只能选择一列。',
  media: '请附上文件。',
  position: '位置无效。',
  positionTooVague: (m) => `位置精度不足（误差须在 ${m} 米以内）。`,
  unknownType: '未知的题目类型。',
  notAFileQuestion: '此题不接受文件。',
  fileTooLarge: (mb) => `文件超过 ${mb} MB 的大小上限。`,
  fileType: '此题不接受该类型的文件。',
};

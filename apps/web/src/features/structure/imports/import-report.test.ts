import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse } from '../../../lib/http-error';
import { importRefusalOf } from './import-report';

describe('the report of a refused import', () => {
  it('reads the row numbers from the stable keys, in row order, whatever the language of the problems', () => {
    const error = apiErrorFromResponse(
      422,
      {
        code: 'import_rejected',
        message: '文件未导入：2 行有错误。请更正后重新发送文件。',
        errors: { row_12: ['电子邮箱：电子邮箱无效'], row_3: ['名：名称至少需要 2 个字符', '电子邮箱：必须填写电子邮箱或电话'] },
      },
      'zh-CN',
    );
    expect(importRefusalOf(error)).toEqual({
      message: '文件未导入：2 行有错误。请更正后重新发送文件。',
      rows: [
        { key: 'row_3', row: 3, messages: ['名：名称至少需要 2 个字符', '电子邮箱：必须填写电子邮箱或电话'] },
        { key: 'row_12', row: 12, messages: ['电子邮箱：电子邮箱无效'] },
      ],
    });
  });

  it('tells a file refused whole once, without a row', () => {
    const message = 'Le fichier CSV est mal formé.';
    const error = apiErrorFromResponse(422, { code: 'validation_failed', message, errors: { file: [message] } }, 'fr');
    expect(importRefusalOf(error)).toEqual({ message, rows: [] });
  });
});

import { describe, expect, it } from 'vitest';
import {
  argsOf,
  fieldsOf,
  initialValues,
  matchingTools,
  shortToolName,
} from '../../../src/features/toolMenu/schemaForm';

const schema = {
  type: 'object',
  properties: {
    note: { type: 'string', description: 'A note', maxLength: 80 },
    a: { type: 'number', description: 'First number' },
    count: { type: 'integer', default: 3 },
    loud: { type: 'boolean' },
    unit: { enum: ['km', 'mi'], default: 'km' },
    level: { enum: [1, 2, 3] },
    options: { type: 'object', properties: { x: { type: 'number' } } },
    tags: { type: ['array', 'null'], items: { type: 'string' } },
    body: { type: 'string' },
  },
  required: ['a', 'unit'],
};

describe('argument forms from JSON Schema', () => {
  it('makes one field per property, required first, typed by the schema', () => {
    const fields = fieldsOf(schema);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['a', 'number', true],
      ['unit', 'enum', true],
      ['note', 'string', false],
      ['count', 'integer', false],
      ['loud', 'boolean', false],
      ['level', 'enum', false],
      ['options', 'json', false],
      ['tags', 'json', false],
      ['body', 'string', false],
    ]);
    expect(fields.find((f) => f.name === 'a')?.description).toBe('First number');
    expect(fields.find((f) => f.name === 'note')?.multiline).toBeUndefined();
    expect(fields.find((f) => f.name === 'body')?.multiline).toBe(true);
    expect(initialValues(fields)).toMatchObject({ count: '3', unit: '"km"', loud: 'false', a: '' });
  });

  it('turns values into typed arguments, leaving empty optional ones out', () => {
    const fields = fieldsOf(schema);
    const values = {
      ...initialValues(fields),
      a: ' 2.5 ',
      level: '2',
      loud: 'true',
      options: '{"x": 1}',
      tags: '["a","b"]',
    };
    expect(argsOf(fields, values)).toEqual({
      args: {
        a: 2.5,
        unit: 'km',
        count: 3,
        loud: true,
        level: 2,
        options: { x: 1 },
        tags: ['a', 'b'],
      },
    });
  });

  it('says what is wrong with each field', () => {
    const fields = fieldsOf(schema);
    const values = { ...initialValues(fields), unit: '', count: '2.5', options: '{x' };
    expect(argsOf(fields, values)).toEqual({
      errors: {
        a: 'Required',
        unit: 'Required',
        count: 'A whole number',
        options: 'Not valid JSON',
      },
    });
    expect(argsOf(fields, { ...values, a: 'ten' })).toMatchObject({
      errors: { a: 'Not a number' },
    });
  });

  it('a schema without properties makes no fields and empty arguments', () => {
    expect(fieldsOf({ type: 'object' })).toEqual([]);
    expect(fieldsOf(undefined)).toEqual([]);
    expect(argsOf([], {})).toEqual({ args: {} });
  });

  it('names tools without their prefix and finds them by every word', () => {
    expect(shortToolName('everything_get-sum')).toBe('get-sum');
    expect(shortToolName('files_read_text_file')).toBe('read_text_file');
    const tools = [
      { name: 'everything_get-sum', provider: 'everything', description: 'Returns the sum' },
      { name: 'calc_evaluate', provider: 'calculations', description: 'Evaluate an expression' },
    ];
    expect(matchingTools(tools, 'sum').map((t) => t.name)).toEqual(['everything_get-sum']);
    expect(matchingTools(tools, 'calc expr').map((t) => t.name)).toEqual(['calc_evaluate']);
    expect(matchingTools(tools, '')).toHaveLength(2);
  });
});

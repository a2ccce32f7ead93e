import { z } from 'zod';

/**
 * Every message a user can see is a sentence in the product's voice (issue 25, audit 000 B10:
 * "Too big: expected string to have <=100 characters" reached the forms and import error files).
 * A message given in a schema always wins; this covers the checks written without one, on the
 * server and in the browser alike (both import the contracts).
 */
export const productVoice: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Use at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max}`;
      if (issue.origin === 'date') return 'Choose an earlier date';
      return `Enter a number no greater than ${max}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'This field is required' : `Use at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? 'Choose at least one' : `Choose at least ${min}`;
      if (issue.origin === 'date') return 'Choose a later date';
      return `Enter a number no less than ${min}`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return 'This field is required';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number';
      if (issue.expected === 'boolean') return 'Choose yes or no';
      if (issue.expected === 'date') return 'Enter a valid date';
      if (issue.expected === 'array') return 'Choose from the list';
      return 'Enter a valid value';
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid e-mail address';
      if (issue.format === 'url') return 'Enter a valid web address';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Use a valid id';
      if (issue.format === 'date' || issue.format === 'datetime') return 'Enter a valid date';
      if (issue.format === 'time') return 'Enter a valid time';
      return 'Enter a valid value';
    case 'not_multiple_of':
      return 'Enter a whole number';
    case 'invalid_value':
      return 'Choose one of the options';
    case 'unrecognized_keys':
      return `Remove the unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'Enter a valid value';
    default:
      return undefined;
  }
};

z.config({ customError: productVoice });

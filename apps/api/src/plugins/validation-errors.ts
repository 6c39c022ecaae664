import type { FastifySchemaValidationError } from 'fastify/types/schema';

export type FieldErrors = Record<string, string[]>;

/**
 * Turns schema validation failures into DRF field errors: `{"phone_number": ["This field is required."]}`.
 * Errors that are not about one field (a body that is not an object, say) go under `non_field_errors`.
 */
export function fieldErrorsFromValidation(
  errors: readonly FastifySchemaValidationError[],
  context: string | undefined,
): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const field = fieldOf(error, context);
    const message = messageOf(error);
    const messages = (result[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return result;
}

function fieldOf(error: FastifySchemaValidationError, context: string | undefined): string {
  const params = error.params;
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    segments.push(params.missingProperty);
  }
  if (segments.length > 0) return segments.join('.');
  return context === 'body' || context === undefined ? 'non_field_errors' : context;
}

function messageOf(error: FastifySchemaValidationError): string {
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'type':
      return typeMessage(String(params.type));
    case 'minLength':
      return Number(params.limit) <= 1
        ? 'This field may not be blank.'
        : `Ensure this field has at least ${String(params.limit)} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(params.limit)} characters.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(params.limit)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(params.limit)}.`;
    case 'enum':
    case 'const':
      return 'This is not a valid choice.';
    case 'pattern':
    case 'format':
      return 'Enter a valid value.';
    case 'minItems':
      return 'This list may not be empty.';
    case 'maxItems':
      return `Ensure this list has no more than ${String(params.limit)} items.`;
    default:
      return error.message ?? 'Invalid value.';
  }
}

function typeMessage(type: string): string {
  if (type.includes('integer')) return 'A valid integer is required.';
  if (type.includes('number')) return 'A valid number is required.';
  if (type.includes('boolean')) return 'Must be a valid boolean.';
  if (type.includes('array')) return 'Expected a list of items.';
  if (type.includes('object')) return 'Expected an object.';
  return 'Not a valid string.';
}

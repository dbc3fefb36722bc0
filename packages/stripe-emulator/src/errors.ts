export interface StripeErrorFields {
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  setup_intent?: unknown;
  charge?: string;
}

/** An error the emulator answers with Stripe's error shape and HTTP status. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly fields: StripeErrorFields = {},
  ) {
    super(message);
  }

  toJSON(): { error: Record<string, unknown> } {
    const { code } = this.fields;
    return {
      error: {
        type: this.type,
        message: this.message,
        ...this.fields,
        ...(code ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
      },
    };
  }
}

export function invalidRequest(message: string, code?: string, param?: string, status = 400): StripeError {
  return new StripeError(status, 'invalid_request_error', message, { code, param });
}

export function notFound(kind: string, id: string, param = 'id', status = 404): StripeError {
  return invalidRequest(`No such ${kind}: '${id}'`, 'resource_missing', param, status);
}

export function missingParam(param: string): StripeError {
  return invalidRequest(`Missing required param: ${param}.`, 'parameter_missing', param);
}

export function unexpectedState(message: string, param?: string): StripeError {
  return invalidRequest(message, 'payment_intent_unexpected_state', param);
}

export function authError(message: string): StripeError {
  return new StripeError(401, 'invalid_request_error', message);
}

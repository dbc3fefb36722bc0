import { COUNTRIES, US_STATES } from '@app/domain';

export interface AddressValues {
  name: string;
  email: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

type Field = keyof AddressValues;

function Input({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
}: {
  id: Field;
  label: string;
  value: string;
  onChange: (field: Field, value: string) => void;
  type?: string;
  autoComplete: string;
}) {
  return (
    <div className="field">
      <label htmlFor={`checkout-${id}`}>{label}</label>
      <input
        id={`checkout-${id}`}
        name={id}
        type={type}
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(id, event.target.value)}
      />
    </div>
  );
}

/** Name, email and billing address: every one required; state AL and country US by default. */
export function AddressFields({
  values,
  onChange,
}: {
  values: AddressValues;
  onChange: (field: Field, value: string) => void;
}) {
  return (
    <div className="address-fields">
      <Input id="name" label="Name" value={values.name} onChange={onChange} autoComplete="name" />
      <Input
        id="email"
        label="Email"
        type="email"
        value={values.email}
        onChange={onChange}
        autoComplete="email"
      />
      <Input
        id="line1"
        label="Address"
        value={values.line1}
        onChange={onChange}
        autoComplete="address-line1"
      />
      <Input id="city" label="City" value={values.city} onChange={onChange} autoComplete="address-level2" />
      <div className="field">
        <label htmlFor="checkout-state">State</label>
        <select
          id="checkout-state"
          name="state"
          required
          value={values.state}
          onChange={(event) => onChange('state', event.target.value)}
        >
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </div>
      <Input
        id="postalCode"
        label="Postal code"
        value={values.postalCode}
        onChange={onChange}
        autoComplete="postal-code"
      />
      <div className="field">
        <label htmlFor="checkout-country">Country</label>
        <select
          id="checkout-country"
          name="country"
          required
          value={values.country}
          onChange={(event) => onChange('country', event.target.value)}
        >
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

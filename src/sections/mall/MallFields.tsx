/** What the mall's forms (ConvertForm, CooperationForm) share: text fields bound to one state object, the phone field. */
import { useState, type InputHTMLAttributes } from 'react';
import styles from './Mall.module.css';

/** One state object of text fields; `bind(name)` gives an input its name, value and change handler. */
export function useFields<F extends Record<string, string>>(initial: F) {
  const [fields, setFields] = useState(initial);
  const bind = (name: keyof F & string) => ({
    name,
    value: fields[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [name]: value }));
    },
  });
  return { fields, setFields, bind };
}

/** A labelled text input in the mall's field style. */
export function Field({ label, className, ...input }: { label: string; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={className ? `${styles.field} ${className}` : styles.field}>
      {label}
      <input {...input} />
    </label>
  );
}

/** A mobile number input (tel keyboard, autofill). */
export function PhoneField(props: { label: string; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return <Field type="tel" inputMode="tel" autoComplete="tel" maxLength={20} {...props} />;
}

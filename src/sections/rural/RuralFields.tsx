/** Fields the rural forms share (AskForm, FarmerTalk's composer): the district input. */
import formStyles from './RuralForm.module.css';

/** 所在区县, up to 10 characters; `example` is the placeholder's district. */
export function DistrictField({ value, onChange, example, name }: { value: string; onChange: (value: string) => void; example: string; name?: string }) {
  return (
    <label className={formStyles.district}>
      <span>所在区县</span>
      <input className={formStyles.input} name={name} value={value} maxLength={10} onChange={(e) => onChange(e.target.value)} placeholder={`如：${example}`} />
    </label>
  );
}

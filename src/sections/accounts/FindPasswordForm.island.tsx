/** /FindPage: prove the phone with an SMS code; the one-time ticket carries the reader to /NewPasswordPage. */
import type { checkCode } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { PhoneCodeFields, styles, SubmitButton, toast, usePhoneCode } from './AccountFields.tsx';
import { countryFlag } from './countryFlag.ts';
import { keepTicket } from './pendingSteps.ts';

export function FindPasswordForm() {
  const { busy, onSubmit, fields } = usePhoneCode(async (phone, code) => {
    const res = await postByPath<typeof checkCode>('/v1/common/valisendMsg', { code, type: 'reset', phone });
    if (res.statusCode !== 200) return toast(res.message);
    keepTicket('reset', res.data.ticket);
    location.assign(`${BASE_PATH}/NewPasswordPage`);
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PhoneCodeFields fields={fields} purpose="reset" country={countryFlag('find')} />
      <SubmitButton busy={busy}>下一步</SubmitButton>
    </form>
  );
}

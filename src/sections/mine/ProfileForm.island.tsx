/**
 * 个人资料: the reader changes their nickname and avatar (the 我的 popup's userPic and userName, spec 2.11). A change
 * passes the review gate (docs/adr/018-one-review-model.md): until a moderator approves it the reader sees the new
 * one here marked 审核中 and everyone else the old one; a refused one says why, and the old one stays. Fetched with
 * the token from $session (the server render has no reader); follows a login or logout made elsewhere.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { changeProfile, OwnProfile, ownProfile } from '../../contract/profile.ts';
import { NICKNAME_CHANGES_PER_MONTH, NICKNAME_MAX, nicknameProblem, PROFILE_MESSAGES } from '../../contract/profileRules.ts';
import { UPLOAD_ACCEPT } from '../../contract/uploadRules.ts';
import { buildLoginUrl } from '../../client/browserUi.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { useWriteAttempt } from '../../client/useWriteAttempt.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { checkPictureFile, uploadPicture } from '../../features/interaction/uploadPicture.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import styles from './ProfileForm.module.css';

const LOAD_FAILED = '加载失败，请稍后重试';
const SEND_FAILED = '网络不稳定，请重试';

export function ProfileForm() {
  const { token } = useSession();
  const [profile, setProfile] = useState<OwnProfile | null>(null);
  const [nickname, setNickname] = useState('');
  /** The uploaded picture the change will name ('' while the avatar stays). */
  const [picture, setPicture] = useState('');
  const [busy, setBusy] = useState<'' | 'upload' | 'send'>('');
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const attempt = useWriteAttempt();

  async function load(): Promise<void> {
    try {
      const res = await getByPath<typeof ownProfile>('/v1/user/profile');
      if (res.statusCode !== 200) return setProblem(res.message || LOAD_FAILED);
      setProfile(res.data);
      setProblem('');
    } catch {
      setProblem(LOAD_FAILED);
    }
  }

  useEffect(() => {
    setProfile(null);
    setNickname('');
    setPicture('');
    if (token) void load();
  }, [token]);

  if (!token) {
    return (
      <div className={styles.box}>
        <p>登录后修改昵称和头像</p>
        <a className="brand-pill" href={buildLoginUrl(typeof location === 'undefined' ? `${BASE_PATH}/mine/profile` : location.pathname)}>
          去登录
        </a>
      </div>
    );
  }
  if (!profile) return <p className="list-note">{problem || '加载中…'}</p>;

  const change = profile.change;
  const waiting = change?.reviewState === 'pending';
  const shownName = waiting && change.nickname !== '' ? change.nickname : profile.nickname;
  const shownPic = picture || (waiting && change.userPic !== '' ? change.userPic : profile.userPic);

  async function choose(file: File | undefined): Promise<void> {
    if (!file) return;
    const refused = checkPictureFile(file);
    if (refused) return setProblem(refused);
    setBusy('upload');
    setProblem('');
    try {
      const res = await uploadPicture(file, file.name);
      if (res.statusCode !== 200) return setProblem(res.message);
      setPicture(res.data.url);
    } catch {
      setProblem(SEND_FAILED);
    } finally {
      setBusy('');
    }
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const name = nickname.trim();
    const local = name === '' ? null : nicknameProblem(name);
    if (local) return setProblem(local);
    if (name === '' && picture === '') return setProblem(PROFILE_MESSAGES.nothing);
    const body = { nickname: name, userPic: picture };
    setBusy('send');
    setProblem('');
    setNotice('');
    try {
      const res = await postByPath<typeof changeProfile>('/v1/user/profile/change', body, { idempotencyKey: attempt.key(JSON.stringify(body)) });
      attempt.done();
      if (res.statusCode !== 200) return setProblem(res.message);
      setProfile(res.data);
      setNickname('');
      setPicture('');
      setNotice(res.message || PROFILE_MESSAGES.submitted);
    } catch {
      // The same key is sent again on the next tap: a send whose answer was lost writes once.
      setProblem(SEND_FAILED);
    } finally {
      setBusy('');
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <section className={styles.card} aria-label="当前资料">
        {shownPic.startsWith('/media/') ? (
          <img className={styles.avatar} src={shownPic} alt="我的头像" width="72" height="72" />
        ) : (
          <span className={styles.avatar} role="img" aria-label="默认头像" />
        )}
        <div className={styles.who}>
          <p className={styles.name}>{shownName}</p>
          {waiting && <p className={styles.pending}>审核中：通过后其他读者才能看到，此前他们仍看到“{profile.nickname}”</p>}
          {change?.reviewState === 'rejected' && (
            <p className={styles.rejected}>
              {change.nickname !== '' ? `新昵称“${change.nickname}”` : '新头像'}未通过：{change.reviewReason || '不符合社区规范'}，仍使用原来的
            </p>
          )}
        </div>
      </section>

      <fieldset className={styles.fields} disabled={waiting || busy !== ''}>
        <legend className={styles.legend}>修改资料</legend>
        <label className={styles.upload}>
          <input className={styles.file} type="file" accept={UPLOAD_ACCEPT} onChange={(e) => void choose(e.target.files?.[0])} />
          <span>{busy === 'upload' ? '上传中…' : picture ? '已选新头像，点此重选' : '更换头像'}</span>
        </label>
        <label className={styles.field}>
          <span>新昵称</span>
          <input
            value={nickname}
            maxLength={NICKNAME_MAX}
            placeholder={profile.nickname}
            autoComplete="nickname"
            onChange={(e) => setNickname(e.target.value)}
            aria-describedby="profile-rules"
          />
        </label>
        <p id="profile-rules" className={styles.hint}>
          2–{NICKNAME_MAX} 个字，可用汉字、字母、数字和 _ - ·；30 天内最多改 {NICKNAME_CHANGES_PER_MONTH} 次。修改需审核。
        </p>
        <button type="submit" className="brand-submit">
          {busy === 'send' ? '提交中…' : '提交审核'}
        </button>
      </fieldset>
      {waiting && <p className="list-note">{PROFILE_MESSAGES.waiting}</p>}
      <p className={styles.problem} role="alert">
        {problem}
      </p>
      <p className={styles.notice} role="status">
        {notice}
      </p>
    </form>
  );
}

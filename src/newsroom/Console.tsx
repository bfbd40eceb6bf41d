/**
 * The console (ADR 017): the sign-in or enrolment screen, or the layout — header with the person and
 * 退出, the navigation of the pages their role may open, and the page.
 */
import { useEffect, useState } from 'react';
import { get, post, setCsrfToken, whenSignedOut, type Me, type SessionState } from './api.ts';
import { Enrol } from './Enrol.tsx';
import { NAV, navFor } from './nav.ts';
import { usePath } from './router.ts';
import { SignIn } from './SignIn.tsx';
import { Link } from './ui.tsx';

export function Console() {
  const path = usePath();
  const [session, setSession] = useState<SessionState | null>(null);

  useEffect(() => {
    whenSignedOut(() => setSession({ signedIn: false }));
    get<SessionState>('/session')
      .then((s) => {
        if (s.signedIn) setCsrfToken(s.csrfToken);
        setSession(s);
      })
      .catch(() => setSession({ signedIn: false }));
  }, []);

  if (path === '/enrol') return <Enrol />;
  if (session === null)
    return (
      <p className="nr-loading" role="status">
        加载中…
      </p>
    );
  if (!session.signedIn) {
    return (
      <SignIn
        onSignedIn={(me) => {
          setCsrfToken(me.csrfToken);
          setSession(me);
        }}
      />
    );
  }
  return <Layout me={session} path={path} onSignedOut={() => setSession({ signedIn: false })} />;
}

function Layout({ me, path, onSignedOut }: { me: Me; path: string; onSignedOut: () => void }) {
  const entries = navFor(me);
  const entry = entries.find((e) => e.path === path);
  const known = NAV.some((e) => e.path === path);
  const Page = entry?.component;

  useEffect(() => {
    document.title = `${entry?.label ?? '编辑部'} - 山城新闻 编辑部`;
  }, [entry]);

  const signOut = () => {
    post('/signout', {})
      .catch(() => undefined)
      .finally(onSignedOut);
  };

  return (
    <div className="nr-app">
      <a className="nr-skip" href="#main">
        跳到正文
      </a>
      <header className="nr-header">
        <span className="nr-header__brand">山城新闻 编辑部</span>
        <span className="nr-header__who">
          {me.name}
          <span className="nr-badge">{me.roleLabel}</span>
        </span>
        <button className="nr-button nr-button--quiet" type="button" onClick={signOut}>
          退出
        </button>
      </header>
      <nav className="nr-nav" aria-label="后台导航">
        <ul>
          {entries.map((e) => (
            <li key={e.path}>
              <Link to={e.path} aria-current={e.path === path ? 'page' : undefined}>
                {e.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="nr-main" id="main" tabIndex={-1}>
        {Page ? (
          <Page me={me} />
        ) : (
          <>
            <h1>{known ? '无权访问' : '页面不存在'}</h1>
            <p>{known ? '你的角色不能打开这个页面。' : '请从左侧导航选择页面。'}</p>
          </>
        )}
      </main>
    </div>
  );
}

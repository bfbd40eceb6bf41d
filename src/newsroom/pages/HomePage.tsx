/** 工作台: the pages this person may open. */
import { navFor, type PageProps } from '../nav.ts';
import { Link } from '../ui.tsx';

export function HomePage({ me }: PageProps) {
  const entries = navFor(me).filter((e) => e.path !== '');
  return (
    <>
      <h1>工作台</h1>
      <p>
        {me.name}，你好。你的角色是{me.roleLabel}
        {me.scopes.length > 0 ? '（限定审核范围）' : ''}。
      </p>
      <ul className="nr-cards">
        {entries.map((e) => (
          <li key={e.path}>
            <Link className="nr-card" to={e.path}>
              {e.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

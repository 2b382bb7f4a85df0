import { Link, useLocation } from 'react-router';
import { Construction } from 'lucide-react';
import { comingSoonText } from '@exchange/contract';
import { placeholderTitles } from './placeholderTitles';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import './Placeholders.css';

export default function FeaturePlaceholderPage() {
  const { pathname } = useLocation();
  const title = placeholderTitles[pathname.replace(/\/+$/, '')] ?? 'Account';
  usePageTitle(title);
  return (
    <section className="placeholder container">
      <nav className="placeholder__crumbs" aria-label="Breadcrumb">
        <Link to="/account/profile">Profile</Link>
        <span aria-hidden>/</span>
        <span>{title}</span>
      </nav>
      <div className="placeholder__card card">
        <h1>{title}</h1>
        <Construction size={40} className="placeholder__icon" aria-hidden />
        <p className="placeholder__text">{comingSoonText}</p>
      </div>
    </section>
  );
}

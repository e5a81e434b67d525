/**
 * "Find my representatives": a ZIP gives the two senators and the House member; when the ZIP spans several
 * districts the page says so, lists every candidate, and asks for the street address to pick the one.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { FormField, formErrors } from '../components/FormField.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, QueryState } from '../components/QueryState.tsx';
import { FollowToggle } from '../follow/FollowToggle.tsx';
import { displayName, partyName } from '../words/format.ts';

export default function RepresentativesPage() {
  const { $api } = useApi();
  const [params, setParams] = useSearchParams();
  const zip = params.get('zip') ?? '';
  const address = params.get('address') ?? '';
  const [zipDraft, setZipDraft] = useState(zip);
  const [addressDraft, setAddressDraft] = useState(address);
  const valid = /^\d{5}$/.test(zip);
  const reps = $api.useQuery('get', '/api/members/by-zip/{zip}', { params: { path: { zip }, query: address ? { address } : {} } }, { enabled: valid });
  // A ZIP from a link that is not five digits is said beside the field; a refused lookup, in plain words, where the answer goes.
  const zipErrors = formErrors(undefined, {}, zip && !valid ? { zip: 'A ZIP code is five digits.' } : {});
  const submitZip = (e: FormEvent) => {
    e.preventDefault();
    setParams({ zip: zipDraft.trim() });
  };
  const submitAddress = (e: FormEvent) => {
    e.preventDefault();
    setParams({ zip, address: addressDraft.trim() });
  };
  return (
    <>
      <PageHeading>Find my representatives</PageHeading>
      <form className="usa-form" onSubmit={submitZip}>
        <FormField id="zip" label="ZIP code" hint="Five digits, such as 94110." errors={zipErrors}>
          {(aria) => (
            <input
              className="usa-input usa-input--small"
              id="zip"
              inputMode="numeric"
              autoComplete="postal-code"
              pattern="\d{5}"
              maxLength={5}
              required
              value={zipDraft}
              onChange={(e) => setZipDraft(e.target.value)}
              {...aria}
            />
          )}
        </FormField>
        <button type="submit" className="usa-button margin-top-2">
          Find
        </button>
      </form>
      {valid && (
        <QueryState query={reps} label="Looking up your representatives…">
          {(d) => (
            <>
              <h2>Representatives for {d.zip}</h2>
              {d.ambiguous && (
                <div className="usa-alert usa-alert--info margin-y-2">
                  <div className="usa-alert__body">
                    <h3 className="usa-alert__heading">This ZIP code spans {d.districts.length} House districts</h3>
                    <p className="usa-alert__text">The House members of every one are listed. Enter your street address to find your own district.</p>
                    <form className="usa-form" onSubmit={submitAddress}>
                      <label className="usa-label" htmlFor="address">
                        Street address
                      </label>
                      <input
                        className="usa-input"
                        id="address"
                        autoComplete="street-address"
                        required
                        value={addressDraft}
                        onChange={(e) => setAddressDraft(e.target.value)}
                      />
                      <button type="submit" className="usa-button margin-top-1">
                        Find my district
                      </button>
                    </form>
                  </div>
                </div>
              )}
              {!d.ambiguous && d.district !== null && (
                <p>
                  {d.state}, {d.district === 0 ? 'at-large district' : `district ${d.district}`}
                  {address && ` (from the address “${address}”)`}.
                </p>
              )}
              {d.members.length === 0 && (
                <EmptyState>
                  No member for {d.state} is stored yet: members are synced from Congress.gov daily. Try again later, or{' '}
                  <Link to="/search">search by name</Link>.
                </EmptyState>
              )}
              <ul className="bw-card-list">
                {d.members.map((m) => (
                  <li key={m.id}>
                    <article className="bw-card">
                      <h3>
                        <Link to={`/members/${m.id}`}>
                          {m.chamber === 'senate' ? 'Sen.' : 'Rep.'} {displayName(m.name)}
                        </Link>
                      </h3>
                      <p>
                        {partyName(m.party)}, {m.state}
                        {m.chamber === 'house' && m.district !== null ? (m.district === 0 ? ', at large' : `, district ${m.district}`) : ', Senate'}
                      </p>
                      {m.phone && (
                        <p>
                          <a href={`tel:${m.phone}`}>{m.phone}</a>
                        </p>
                      )}
                      <FollowToggle type="member" id={m.id} name={displayName(m.name)} />
                    </article>
                  </li>
                ))}
              </ul>
              <p className="bw-source">Districts from the ZIP-area (ZCTA) to district crosswalk of the 119th Congress; members from Congress.gov.</p>
            </>
          )}
        </QueryState>
      )}
    </>
  );
}

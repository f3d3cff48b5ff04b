// The form that logs in to an account: its name and password, as a password manager fills
// them. `onLogin(name, password)` returns a promise; its refusal is shown in words under the
// form, with how long to wait when the server says so.

import {h} from './dom.js';
import {t} from './i18n.js';
import {accountError} from './account_words.js';

export function loginForm({name = '', onLogin}) {
  const nameInput = h('input', {id: 'login-name', name: 'username', maxlength: 32, required: true,
                                autocomplete: 'username', value: name});
  const password = h('input', {id: 'login-password', name: 'password', type: 'password',
                               required: true, maxlength: 128,
                               autocomplete: 'current-password'});
  const problem = h('p', {class: 'error', role: 'alert', id: 'login-problem'});
  const submit = h('button', {type: 'submit'}, t('account.log_in'));
  const form = h('form', {class: 'account-form', id: 'login-form', onsubmit: async (event) => {
    event.preventDefault();
    problem.textContent = '';
    submit.disabled = true;
    try {
      await onLogin(nameInput.value.trim(), password.value);
    } catch (error) {
      problem.textContent = accountError(error);
      password.value = '';
      password.focus();
    } finally {
      submit.disabled = false;
    }
  }},
  h('label', {for: 'login-name'}, t('account.name')), nameInput,
  h('label', {for: 'login-password'}, t('account.password')), password,
  problem,
  h('div', {class: 'buttons'}, submit));
  return form;
}

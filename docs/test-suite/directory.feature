# language: fr
Fonctionnalité: directory — suite de couverture (8 chemins, 85 étapes ; transitions prises : 50 sur 50 (liste exhaustive : 269 chemins, 1305 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: directory-1
    Étant donné que la page est ouverte
    Alors aucune carte ; le message « Chargement de l'annuaire… »
    Quand Coller « hel » dans la recherche, sans frappe au clavier
    Alors « Rechercher un nom » contient « hel »
    Quand Taper « hel » dans la recherche
    Alors rien ne change à l’écran
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Rechercher un nom » vide ; « Catégorie » contient « Communes »
    Quand Saisir « hel » dans la recherche et appuyer sur Entrée
    Alors « Rechercher un nom » contient « hel »
    Quand Cliquer sur la croix « Effacer la recherche »
    Alors « Rechercher un nom » vide
    Quand Choisir « Sélectionner une catégorie » (aucune catégorie)
    Alors « Catégorie » vide
    Quand Le serveur répond avec 3 contact(s)
    Alors 2 cartes, la première « Hélène Rochat » ; le message « 3 contacts » ; le bouton « Afficher plus »
    Quand Taper « hel » dans la recherche
    Alors « Rechercher un nom » contient « hel » ; pas de bouton « Afficher plus »
    Quand Le serveur répond avec 0 contact(s)
    Alors aucune carte ; le texte « Aucun contact ne correspond à votre recherche »
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Rechercher un nom » vide ; « Catégorie » contient « Communes » ; le message « Chargement de l'annuaire… » ; pas de texte « Aucun contact ne correspond à votre recherche »
    Quand L’appel des contacts échoue
    Alors l’alerte « L'annuaire n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Taper « hel » dans la recherche
    Alors « Rechercher un nom » contient « hel » ; le message « Chargement de l'annuaire… » ; aucune alerte

  Scénario: directory-2
    Étant donné que la page est ouverte
    Alors aucune carte ; le message « Chargement de l'annuaire… »
    Quand L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors le message « Connexion lente ou serveur occupé : nouvel essai en cours… »
    Quand Le serveur répond avec 3 catégorie(s)
    Alors rien ne change à l’écran
    Quand Aller en avant vers l’adresse « /annuaire/zoe-python/ »
    Alors rien ne change à l’écran
    Quand Le serveur répond avec 3 contact(s)
    Alors 2 cartes, la première « Hélène Rochat » ; le message « 3 contacts » ; le bouton « Afficher plus » ; la fenêtre « Zoé Python » ouverte
    Quand Fermer les détails (croix « Fermer » ; avant leur ouverture, revenir à l’adresse de l’annuaire)
    Alors aucune fenêtre de détails
    Quand Saisir « hel » dans la recherche et appuyer sur Entrée
    Alors « Rechercher un nom » contient « hel » ; pas de bouton « Afficher plus »
    Quand Cliquer sur la croix « Effacer la recherche »
    Alors « Rechercher un nom » vide
    Quand Aller en avant vers l’adresse « /annuaire/zoe-python/ »
    Alors la fenêtre « Zoé Python » ouverte
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Catégorie » contient « Communes » ; aucune fenêtre de détails
    Quand Le serveur répond avec 3 contact(s)
    Alors le message « 3 contacts » ; le bouton « Afficher plus »
    Quand Choisir « Sélectionner une catégorie » (aucune catégorie)
    Alors « Catégorie » vide ; pas de bouton « Afficher plus »

  Scénario: directory-3
    Étant donné que la page est ouverte
    Alors aucune carte ; le message « Chargement de l'annuaire… »
    Quand L’appel des catégories échoue
    Alors l’alerte « La liste des catégories n'a pas pu être chargée. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors aucune alerte
    Quand Le serveur répond avec 3 contact(s)
    Alors 2 cartes, la première « Hélène Rochat » ; le message « 3 contacts » ; le bouton « Afficher plus »
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Catégorie » contient « Communes » ; pas de bouton « Afficher plus »
    Quand Le serveur répond avec 3 contact(s)
    Alors le message « 3 contacts » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors 3 cartes, la première « Hélène Rochat » ; pas de bouton « Afficher plus »
    Quand Coller « hel » dans la recherche, sans frappe au clavier
    Alors « Rechercher un nom » contient « hel »
    Quand Cliquer sur la croix « Effacer la recherche »
    Alors « Rechercher un nom » vide
    Quand Le serveur répond avec 2 contact(s) sur 4, et une page suivante
    Alors 2 cartes, la première « Hélène Rochat » ; le message « 4 contacts » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand Le serveur répond avec la page suivante : 2 contact(s), la dernière
    Alors 4 cartes, la première « Hélène Rochat » ; pas de bouton « Afficher plus »

  Scénario: directory-4
    Étant donné que la page est ouverte
    Alors aucune carte ; le message « Chargement de l'annuaire… »
    Quand Le serveur répond avec 0 contact(s)
    Alors le texte « Aucun contact ne correspond à votre recherche »
    Quand Taper « hel » dans la recherche
    Alors « Rechercher un nom » contient « hel » ; le message « Chargement de l'annuaire… » ; pas de texte « Aucun contact ne correspond à votre recherche »
    Quand Le serveur répond avec 0 contact(s)
    Alors le texte « Aucun contact ne correspond à votre recherche »
    Quand Cliquer sur la croix « Effacer la recherche »
    Alors « Rechercher un nom » vide ; le message « Chargement de l'annuaire… » ; pas de texte « Aucun contact ne correspond à votre recherche »
    Quand Le serveur répond avec 0 contact(s)
    Alors le texte « Aucun contact ne correspond à votre recherche »
    Quand Saisir « hel » dans la recherche et appuyer sur Entrée
    Alors « Rechercher un nom » contient « hel » ; le message « Chargement de l'annuaire… » ; pas de texte « Aucun contact ne correspond à votre recherche »
    Quand Le serveur répond avec 0 contact(s)
    Alors le texte « Aucun contact ne correspond à votre recherche »
    Quand Cliquer sur « Effacer les filtres »
    Alors « Rechercher un nom » vide ; le message « Chargement de l'annuaire… » ; pas de texte « Aucun contact ne correspond à votre recherche »
    Quand L’appel des contacts échoue
    Alors l’alerte « L'annuaire n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Saisir « hel » dans la recherche et appuyer sur Entrée
    Alors « Rechercher un nom » contient « hel » ; le message « Chargement de l'annuaire… » ; aucune alerte
    Quand L’appel des contacts échoue
    Alors l’alerte « L'annuaire n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Rechercher un nom » vide ; « Catégorie » contient « Communes » ; le message « Chargement de l'annuaire… » ; aucune alerte

  Scénario: directory-5
    Étant donné que la page est ouverte
    Alors aucune carte ; le message « Chargement de l'annuaire… »
    Quand L’appel des contacts échoue
    Alors l’alerte « L'annuaire n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors le message « Chargement de l'annuaire… » ; aucune alerte
    Quand Coller « hel » dans la recherche, sans frappe au clavier
    Alors « Rechercher un nom » contient « hel »
    Quand L’appel des contacts échoue
    Alors l’alerte « L'annuaire n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Cliquer sur la croix « Effacer la recherche »
    Alors « Rechercher un nom » vide ; le message « Chargement de l'annuaire… » ; aucune alerte
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Catégorie » contient « Communes »
    Quand Le serveur répond avec 0 contact(s)
    Alors le texte « Aucun contact ne correspond à votre recherche »
    Quand Choisir « Sélectionner une catégorie » (aucune catégorie)
    Alors « Catégorie » vide ; le message « Chargement de l'annuaire… » ; pas de texte « Aucun contact ne correspond à votre recherche »
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Catégorie » contient « Communes »
    Quand L’appel des contacts échoue
    Alors l’alerte « L'annuaire n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Choisir « Sélectionner une catégorie » (aucune catégorie)
    Alors « Catégorie » vide ; le message « Chargement de l'annuaire… » ; aucune alerte

  Scénario: directory-6
    Étant donné que la page est ouverte
    Alors aucune carte ; le message « Chargement de l'annuaire… »
    Quand Le serveur répond avec 3 contact(s)
    Alors 2 cartes, la première « Hélène Rochat » ; le message « 3 contacts » ; le bouton « Afficher plus »
    Quand Le serveur répond avec 3 catégorie(s)
    Alors rien ne change à l’écran
    Quand Aller en avant vers l’adresse « /annuaire/marc-jaquet/ »
    Alors rien ne change à l’écran
    Quand Le serveur répond avec le contact « Marc Jaquet »
    Alors la fenêtre « Marc Jaquet » ouverte
    Quand Fermer les détails (croix « Fermer » ; avant leur ouverture, revenir à l’adresse de l’annuaire)
    Alors aucune fenêtre de détails
    Quand Aller en avant vers l’adresse « /annuaire/marc-jaquet/ »
    Alors rien ne change à l’écran
    Quand L’appel du contact répond 404 (API sans cet appel, ou contact inconnu)
    Alors rien ne change à l’écran
    Quand Aller en avant vers l’adresse « /annuaire/marc-jaquet/ »
    Alors rien ne change à l’écran
    Quand Fermer les détails (croix « Fermer » ; avant leur ouverture, revenir à l’adresse de l’annuaire)
    Alors rien ne change à l’écran
    Quand Aller en avant vers l’adresse « /annuaire/marc-jaquet/ »
    Alors rien ne change à l’écran
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Catégorie » contient « Communes » ; pas de bouton « Afficher plus »

  Scénario: directory-7
    Étant donné que la page est ouverte
    Alors aucune carte ; le message « Chargement de l'annuaire… »
    Quand Le serveur répond avec 2 contact(s) sur 4, et une page suivante
    Alors 2 cartes, la première « Hélène Rochat » ; le message « 4 contacts » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand L’appel de la page suivante échoue
    Alors l’alerte « Les contacts suivants n'ont pas pu être chargés. Réessayez avec le bouton « Afficher plus ». »
    Quand Cliquer sur « Afficher plus »
    Alors aucune alerte
    Quand La page suivante est refusée (400 : le contenu a changé depuis la première)
    Alors pas de bouton « Afficher plus »
    Quand Le serveur répond avec 3 catégorie(s)
    Alors rien ne change à l’écran
    Quand Aller en avant vers l’adresse « /annuaire/zoe-python/ »
    Alors rien ne change à l’écran
    Quand Le serveur répond avec 2 contact(s) sur 4, et une page suivante
    Alors le message « 4 contacts » ; le bouton « Afficher plus »
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Catégorie » contient « Communes » ; pas de bouton « Afficher plus »
    Quand Choisir « Sélectionner une catégorie » (aucune catégorie)
    Alors « Catégorie » vide
    Quand Aller en avant vers l’adresse « /annuaire/zoe-python/ »
    Alors rien ne change à l’écran
    Quand L’appel des contacts échoue
    Alors aucune carte ; l’alerte « L'annuaire n'a pas pu être chargé. » et le bouton « Réessayer »

  Scénario: directory-8
    Étant donné que la page est ouverte
    Alors aucune carte ; le message « Chargement de l'annuaire… »
    Quand Le serveur répond avec 3 catégorie(s)
    Alors rien ne change à l’écran
    Quand Aller en avant vers l’adresse « /annuaire/zoe-python/ »
    Alors rien ne change à l’écran
    Quand Fermer les détails (croix « Fermer » ; avant leur ouverture, revenir à l’adresse de l’annuaire)
    Alors rien ne change à l’écran
    Quand Aller en avant vers l’adresse « /annuaire/zoe-python/ »
    Alors rien ne change à l’écran
    Quand Revenir en arrière vers l’adresse « ?categorie=Communes »
    Alors « Catégorie » contient « Communes »
